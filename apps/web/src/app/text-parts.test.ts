import en from '@web/locales/en.json';
import { describe, expect, it } from 'vitest';
import { LATER_SECTIONS, textsPart } from './text-parts';

describe('the two parts of a language’s texts', () => {
  it('hold every section once, in its order', () => {
    const first = textsPart(en, 'first');
    const later = textsPart(en, 'later');
    expect(Object.keys({ ...first, ...later }).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(first).some((section) => section in later)).toBe(false);
    expect(Object.keys(later)).toEqual(Object.keys(en).filter((key) => LATER_SECTIONS.has(key)));
  });

  it('name only sections the texts have', () => {
    for (const section of LATER_SECTIONS) expect(Object.keys(en)).toContain(section);
  });

  it('leave the first screens’ sections in the first part', () => {
    const first = textsPart(en, 'first');
    for (const section of ['app', 'nav', 'home', 'event', 'whoami', 'activity', 'common']) {
      expect(first).toHaveProperty(section);
    }
  });
});
