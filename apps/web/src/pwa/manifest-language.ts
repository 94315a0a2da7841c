import i18next from 'i18next';

/**
 * Points `<link rel="manifest">` at the chosen language's manifest (written by the build from
 * the locale files), so that installing names the app in the person's language.
 */
export function followLanguageInManifest(): void {
  const apply = (language: string) => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    // Relative: beside the page's base (lib/base-path.ts).
    if (link) link.href = `manifest.${language}.webmanifest`;
  };
  apply(i18next.language);
  i18next.on('languageChanged', apply);
}
