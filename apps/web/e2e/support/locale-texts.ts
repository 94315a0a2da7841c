import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/**
 * The app's texts, read from its locale files, for tests that speak every language: a key's text
 * in a language, and the English left on a screen that should be in another.
 */
const LOCALES = fileURLToPath(new URL('../../src/locales/', import.meta.url));

type Texts = Map<string, string>;

function flatten(value: unknown, prefix = '', out: Texts = new Map()): Texts {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      flatten(inner, prefix ? `${prefix}.${key}` : key, out);
    }
  }
  return out;
}

/** Every language the app ships, by the locale files' names. */
export const LANGUAGES = readdirSync(LOCALES)
  .filter((file) => file.endsWith('.json'))
  .map((file) => basename(file, '.json'))
  .sort();
const TEXTS = new Map(
  LANGUAGES.map((language) => [
    language,
    flatten(JSON.parse(readFileSync(`${LOCALES}${language}.json`, 'utf8'))),
  ]),
);

/**
 * The languages whole screens are walked through in, where a test per language is worth its
 * time: English, the longest texts (German, Vietnamese) and right to left (Arabic). The others
 * are held by `npm run check:i18n` and by languages.spec.ts's one page that switches through all.
 */
export const WALKED_LANGUAGES = ['en', 'de', 'vi', 'ar'];

/** The languages written right to left, whose values the app isolates (lib/text-isolation.ts). */
const RIGHT_TO_LEFT = new Set(['ar', 'he']);

/** The text of `key` in `language`, with its variables filled in as the app fills them. */
export function text(language: string, key: string, values: Record<string, string> = {}): string {
  const template = TEXTS.get(language)?.get(key);
  if (template === undefined) throw new Error(`${language} has no ${key}`);
  const isolate = (value: string) => (RIGHT_TO_LEFT.has(language) ? `\u2068${value}\u2069` : value);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) =>
    isolate(values[name] ?? ''),
  );
}

/** An English text as a pattern: counts match numbers, other variables any words. */
function pattern(template: string): RegExp {
  const parts = template
    .replace(/\{\{\s*(count|number)\s*\}\}/g, '\u0000')
    .split(/\{\{[^}]+\}\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('\u0000', '\\d+'));
  return new RegExp(`^${parts.join('.+?')}$`, 's');
}

/**
 * The English texts that must not show in `language`: every English text that none of the
 * language's own texts reads as (names such as "Quits", words shared such as "Description").
 */
function englishLeftovers(language: string): { key: string; english: string; whole: RegExp }[] {
  const own = [...(TEXTS.get(language)?.values() ?? [])];
  return [...(TEXTS.get('en') ?? new Map<string, string>())].flatMap(([key, english]) => {
    const whole = pattern(english);
    // Counts filled in, other variables left as they are: both read as the pattern's words.
    const sample = (translated: string) => translated.replace(/\{\{\s*(count|number)\s*\}\}/g, '2');
    return own.some((translated) => whole.test(sample(translated)))
      ? []
      : [{ key, english, whole }];
  });
}

/** What a person can read or hear: visible text, labels, placeholders, titles, the tab's title. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const shown: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text && node.parentElement?.checkVisibility({ visibilityProperty: true })) {
        shown.push(text);
      }
    }
    for (const element of document.querySelectorAll(
      '[aria-label], [title], [placeholder], [alt]',
    )) {
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) shown.push(value);
      }
    }
    return shown;
  });
}

/**
 * Every English text on the screen, with its key: a shown text that is one of them (variables
 * filled in or not), or that contains one of three words or more.
 */
export async function englishOn(page: Page, language: string): Promise<string[]> {
  const leftovers = englishLeftovers(language);
  const shown = await shownTexts(page);
  return shown.flatMap((seen) =>
    leftovers
      .filter(
        ({ english, whole }) =>
          whole.test(seen) ||
          (!english.includes('{{') && english.split(' ').length >= 3 && seen.includes(english)),
      )
      .map(({ key }) => `"${seen}" (${key})`),
  );
}
