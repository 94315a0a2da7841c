import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkI18n } from '../check-i18n';

/** The check run on one of the copies under fixtures/i18n, each broken in one way. */
function check(fixture: string, languages?: readonly string[]): string[] {
  const dir = fileURLToPath(new URL(`fixtures/i18n/${fixture}/`, import.meta.url));
  return checkI18n({ localesDir: `${dir}locales`, sourceDir: `${dir}src`, languages });
}

describe('the i18n check', () => {
  it('passes complete texts, plural forms by each language’s rules and a listed dynamic key', () => {
    expect(check('valid')).toEqual([]);
  });

  it('fails when a language lacks a key', () => {
    expect(check('missing-key')).toEqual(['de: greeting.hello is missing']);
  });

  it('fails when a text is empty or only spaces', () => {
    expect(check('empty-value')).toEqual(['fr: category.food is empty']);
  });

  it('fails when a language lacks a plural form its rules need', () => {
    expect(check('missing-plural-form')).toEqual(['fr: greeting.count_many is missing']);
  });

  it('fails when a language Quits speaks has no file, or a file is of no such language', () => {
    expect(check('valid', ['en', 'de', 'fr', 'zh', 'he'])).toEqual([
      'he: there is no he.json (every language needs one)',
    ]);
    expect(check('valid', ['en', 'de', 'fr'])).toEqual([
      'zh: zh.json is not a language of LANGUAGE_CODES (@quits/contract)',
    ]);
  });

  it('holds Arabic to its six plural forms: one missing fails', () => {
    // The fixture has zero, one, two (in words, without {{count}}: each is one number), few and
    // other: `many` (11, 12…) is missing.
    expect(check('arabic-plurals')).toEqual(['ar: greeting.count_many is missing']);
  });

  it('fails when a translation names other variables than English', () => {
    expect(check('variable-mismatch')).toEqual([
      'de: greeting.hello has the variables {person}, English {name}',
    ]);
  });

  it('fails when no source uses a key', () => {
    expect(check('unused-key')).toEqual(['en: farewell.bye is not used']);
  });

  it('fails when the code asks for a key English does not have', () => {
    expect(check('unknown-key')).toEqual(['greeting.tsx:9: greeting.goodbye is not in en.json']);
  });

  it('fails when a key is built from a prefix missing from the allow-list', () => {
    expect(check('unlisted-dynamic-key')).toEqual([
      'greeting.tsx:9: the key `mood.*` is built at run time; list its prefix in DYNAMIC_KEYS',
    ]);
  });

  it('fails on raw text in a component, as a child and in a label', () => {
    expect(check('raw-string')).toEqual([
      'greeting.tsx:9: raw aria-label="Close the greeting"',
      'greeting.tsx:10: raw text "Close"',
    ]);
  });
});
