import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

const folder = fileURLToPath(new URL('../locales/', import.meta.url));
const languages = readdirSync(folder)
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));

/** Each language's texts as the app loads them, one i18next per language. */
async function textsOf(language: string) {
  const resources = JSON.parse(readFileSync(`${folder}${language}.json`, 'utf8'));
  const i18n = i18next.createInstance();
  await i18n.init({ lng: language, resources: { [language]: { translation: resources } } });
  return i18n;
}

describe('texts with a count, in every language', () => {
  it('say "1 day" in English, and "2 days"', async () => {
    const i18n = await textsOf('en');
    const say = (count: number) =>
      i18n.t('statistics.timelineSummary', { count, from: '1 Nov', to: '3 Nov' });
    expect(say(1)).toBe('1 day with entries, from 1 Nov to 3 Nov');
    expect(say(2)).toBe('2 days with entries, from 1 Nov to 3 Nov');
  });

  // Whether each form is the right one is the translators'; that each is found, with its number
  // in it, is checked here (npm run check:i18n checks each language has the forms it uses).
  it.each(languages)('%s has a form for every count', async (language) => {
    const i18n = await textsOf(language);
    const say = (count: number) =>
      i18n.t('statistics.timelineSummary', { count, from: 'A', to: 'B' });
    for (const count of [0, 1, 2, 5, 21, 1_000_000]) {
      // A form the language uses, found (not the key), with the number in it.
      expect(say(count)).not.toContain('statistics.');
      expect(say(count)).toContain(String(count));
    }
  });
});
