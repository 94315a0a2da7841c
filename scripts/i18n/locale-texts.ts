// The locale files as flat maps of dotted keys, and what each language must hold: English's
// keys, with the plural forms of its own rules, each keeping English's variables.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const VARIABLE = /\{\{\s*([^\s,}]+)/g;

/** A language's texts by dotted key (`expense.mode.evenly`); values as the JSON has them. */
export type Texts = Map<string, unknown>;

/** Nested texts as dotted keys: { a: { b: 'x' } } → a.b = 'x'. */
function flatten(value: unknown, prefix: string, out: Texts): Texts {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) {
      flatten(inner, prefix ? `${prefix}.${key}` : key, out);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

function variables(text: string): string {
  return [...new Set([...text.matchAll(VARIABLE)].map((match) => match[1]))].sort().join(', ');
}

export function pluralBase(key: string): string | null {
  return PLURAL_SUFFIX.test(key) ? key.replace(PLURAL_SUFFIX, '') : null;
}

/**
 * The keys a language must have: English's keys, with each plural set to the forms the
 * language's own rules use (Intl.PluralRules, as i18next picks them): fr needs `_many`, zh only
 * `_other`. Each maps to the English text whose variables it must keep.
 */
function expectedKeys(english: Texts, language: string): Map<string, string> {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const expected = new Map<string, string>();
  for (const [key, text] of english) {
    const base = pluralBase(key);
    if (base === null || !english.has(`${base}_other`)) {
      expected.set(key, String(text));
      continue;
    }
    const other = String(english.get(`${base}_other`));
    for (const category of categories) {
      expected.set(`${base}_${category}`, String(english.get(`${base}_${category}`) ?? other));
    }
  }
  return expected;
}

/**
 * The plural forms of `language` that stand for a single number (Arabic's `zero`, `one` and
 * `two`; not Russian's `one`, which is also 21, 31…): such a form may say its number in words
 * ("نفقتان", two expenses) and leave out `{{count}}`.
 */
function singleNumberForms(language: string): Set<string> {
  const rules = new Intl.PluralRules(language);
  const numbers = new Map<string, number>();
  for (let n = 0; n <= 1000; n += 1) {
    const category = rules.select(n);
    numbers.set(category, (numbers.get(category) ?? 0) + 1);
  }
  return new Set([...numbers].filter(([, count]) => count === 1).map(([category]) => category));
}

/** The variables a text must keep: English's, less `count` in a single-number plural form. */
function variablesToKeep(key: string, englishText: string, singles: Set<string>): string {
  const form = PLURAL_SUFFIX.exec(key)?.[1];
  const names = variables(englishText);
  if (!form || !singles.has(form)) return names;
  return names
    .split(', ')
    .filter((name) => name !== 'count')
    .join(', ');
}

export function checkLanguage(language: string, texts: Texts, english: Texts): string[] {
  const problems: string[] = [];
  const expected = expectedKeys(english, language);
  const singles = singleNumberForms(language);
  for (const [key, englishText] of expected) {
    const text = texts.get(key);
    if (text === undefined) problems.push(`${language}: ${key} is missing`);
    else if (typeof text !== 'string') problems.push(`${language}: ${key} is not a text`);
    else if (text.trim() === '') problems.push(`${language}: ${key} is empty`);
    else if (
      variables(text) !== variables(englishText) &&
      variables(text) !== variablesToKeep(key, englishText, singles)
    ) {
      problems.push(
        `${language}: ${key} has the variables {${variables(text)}}, English {${variables(englishText)}}`,
      );
    }
  }
  for (const key of texts.keys()) {
    if (expected.has(key)) continue;
    const base = pluralBase(key);
    problems.push(
      base !== null && english.has(`${base}_other`)
        ? `${language}: ${key} is a plural form ${language} does not use`
        : `${language}: ${key} is not in en.json`,
    );
  }
  return problems;
}

/** `{dir}/{language}.json` as dotted keys. */
export function readTexts(dir: string, language: string): Texts {
  return flatten(JSON.parse(readFileSync(join(dir, `${language}.json`), 'utf8')), '', new Map());
}
