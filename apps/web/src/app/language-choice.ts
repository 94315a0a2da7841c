/**
 * The spec's rule for the app's language: the saved choice, else the browser's language (`en-GB`
 * speaks `en`), else English. `available`: the languages the app speaks. The app (i18n.ts), the
 * server's render (ssr/first-screen-device.ts) and the first-screen script, which fetches that
 * language's texts before the app runs (first-screen-script/), all choose by it. No imports: the
 * first-screen script is inlined in every page.
 */
export function chooseLanguage(
  saved: string | null,
  browserLanguage: string,
  available: ReadonlySet<string>,
): string {
  if (saved && available.has(saved)) return saved;
  const spoken = browserLanguage.split('-')[0] ?? 'en';
  return available.has(spoken) ? spoken : 'en';
}
