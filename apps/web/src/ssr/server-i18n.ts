import { LANGUAGE_CODES } from '@quits/contract/languages';
import { prepareDirection } from '@web/app/emotion-caches';
import { INTERPOLATION } from '@web/lib/text-isolation';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

// Every language's texts are in the server's bundle: a render never waits for a file.
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*.json', {
  eager: true,
});
const resources: Resource = {};
for (const [path, file] of Object.entries(files)) {
  const code = /([a-z-]+)\.json$/i.exec(path)?.[1];
  if (code) resources[code] = { translation: file.default };
}

let ready: Promise<unknown> | null = null;

/** The app's i18n (the options of app/i18n.ts), speaking `language`. */
export async function speak(language: string): Promise<void> {
  ready ??= i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: false,
    supportedLngs: [...LANGUAGE_CODES],
    interpolation: INTERPOLATION,
    returnNull: false,
  });
  await Promise.all([ready, prepareDirection(language)]);
  if (i18next.language !== language) await i18next.changeLanguage(language);
}
