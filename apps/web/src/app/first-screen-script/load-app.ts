/**
 * Fetches the app's code, `code` in the order it is wanted, and runs its entry as a module
 * script in the page would run: once the page is read (the app needs #root).
 */
export function loadApp(
  page: Pick<Document, 'createElement' | 'head' | 'readyState' | 'addEventListener'>,
  entry: string,
  code: readonly string[],
): void {
  for (const href of code) {
    const link = page.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    page.head.appendChild(link);
  }
  const run = () => {
    const script = page.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    page.head.appendChild(script);
  };
  if (page.readyState === 'loading') page.addEventListener('DOMContentLoaded', run);
  else run();
}
