import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedText, personNameSchema, requiredText } from '../src/primitives';
import { cleanName, cleanText, nameKey, truncateText } from '../src/text-rules';

const LOOK_ALIKES = [
  'Ana\u200b', // zero-width space
  '\u200bAna',
  'A\u200dna', // zero-width joiner between letters
  'Ana\u034f', // combining grapheme joiner
  'An\u00ada', // soft hyphen
  '\ufeffAna', // byte-order mark
  'Ana\u2060', // word joiner
  '\u202aAna\u202c', // left-to-right embedding … pop
  '\u2066Ana\u2069', // isolate … pop
  'Ana\u200e', // left-to-right mark
  'Ａｎａ', // full-width letters
  'ANA',
  ' Ana ',
];

describe('the text rules', () => {
  it.each(LOOK_ALIKES)('reads %j as the name Ana', (name) => {
    expect(nameKey(name)).toBe('ana');
    expect(personNameSchema.parse(name).toLowerCase()).toBe('ana');
  });

  it('drops the right-to-left override, so that "\\u202eanA" is the "anA" it spells', () => {
    expect(cleanText('\u202eanA')).toBe('anA');
    expect(cleanText('Ana \u202egnp.exe')).toBe('Ana gnp.exe');
  });

  it('keeps emoji whole: families, flags, skin tones and presentation selectors', () => {
    for (const emoji of ['👨‍👩‍👧', '🏴󠁧󠁢󠁥󠁮󠁧󠁿', '🇵🇹', '👍🏽', '❤️', '🏳️‍🌈']) {
      expect(cleanText(`Dinner ${emoji}`)).toBe(`Dinner ${emoji}`);
      expect(cleanName(`Ana ${emoji}`)).toBe(`Ana ${emoji}`);
    }
  });

  it('composes accents, so that "é" written two ways is one name', () => {
    expect(cleanText('Chloe\u0301')).toBe('Chloé');
    expect(nameKey('Chloe\u0301')).toBe(nameKey('Chloé'));
  });

  it('keeps letters of every script, and text that has nothing hidden, as it is', () => {
    for (const text of ['Zoë', 'Đặng Thị Hương', '李小龙', 'مريم', 'Ørjan', 'Łukasz']) {
      expect(cleanText(text)).toBe(text);
    }
  });

  it('applies to every text schema: a title typed with hidden characters is kept without them', () => {
    expect(requiredText(100).parse('\u200bTaxi\u202e')).toBe('Taxi');
    expect(boundedText(100).parse(' \u2066\u2069 ')).toBe('');
    expect(requiredText(100).safeParse('\u200b\u200b').success).toBe(false);
  });

  it('never leaves a hidden character outside an emoji, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const clean = cleanText(text);
        const hiddenOutsideEmoji = Array.from(
          new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(clean),
        ).some(
          ({ segment }) =>
            !/\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(segment) &&
            /[\p{Default_Ignorable_Code_Point}\u061C]/u.test(segment),
        );
        expect(hiddenOutsideEmoji).toBe(false);
        expect(cleanText(clean)).toBe(clean);
      }),
    );
  });

  it('cuts text to a length without ever splitting a surrogate pair', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.nat(60), (text, max) => {
        const cut = truncateText(text, max);
        expect(cut.length).toBeLessThanOrEqual(max);
        expect(text.startsWith(cut)).toBe(true);
        expect(/[\uD800-\uDBFF]$/.test(cut)).toBe(false);
      }),
    );
    expect(truncateText('ab😀', 3)).toBe('ab');
  });
});
