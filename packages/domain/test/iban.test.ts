import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIban, isBic, isIban, normaliseIban } from '../src/index';

/** Examples published by Wikipedia's IBAN article, the ECBS registry and national banks. */
const VALID = [
  'DE89 3704 0044 0532 0130 00',
  'GB82 WEST 1234 5698 7654 32',
  'FR14 2004 1010 0505 0001 3M02 606',
  'BE71 0961 2345 6769',
  'NL91 ABNA 0417 1643 00',
  'CH93 0076 2011 6238 5295 7',
  'ES91 2100 0418 4502 0005 1332',
  'IT60 X054 2811 1010 0000 0123 456',
  'AT61 1904 3002 3457 3201',
  'NO93 8601 1117 947',
  'MT84 MALT 0110 0001 2345 MTLC AST0 01S',
];

describe('isIban', () => {
  it.each(VALID)('accepts the published example %s', (iban) => {
    expect(isIban(iban)).toBe(true);
  });

  it('accepts lower case and missing spaces', () => {
    expect(isIban('de89370400440532013000')).toBe(true);
    expect(isIban(' gb82west12345698765432 ')).toBe(true);
  });

  it.each([
    ['a wrong checksum (Wikipedia)', 'GB82 TEST 1234 5698 7654 32'],
    ['wrong check digits', 'GB81 WEST 1234 5698 7654 32'],
    ['one character short of its country', 'GB82 WEST 1234 5698 7654 3'],
    ['one character beyond its country', 'GB82 WEST 1234 5698 7654 321'],
    ['an unknown country', 'XX82 WEST 1234 5698 7654 32'],
    ['letters where the country has digits', 'DE89 3704 0044 0532 0130 0A'],
    ['nothing', ''],
    ['a country that issues no IBAN', 'US64 SVBK US6S 3300 9673 8637'],
    ['a word', 'iban'],
  ])('refuses %s', (_why, iban) => {
    expect(isIban(iban)).toBe(false);
  });

  it('refuses any valid IBAN with one digit of its account changed (mod 97 sees every such slip)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VALID.map(normaliseIban)),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (iban, at, shift) => {
          const digits = [...iban]
            .map((c, i) => (i >= 4 && /\d/.test(c) ? i : -1))
            .filter((i) => i >= 0);
          const index = digits[at % digits.length] ?? 4;
          const changed = String((Number(iban[index]) + shift) % 10);
          const slipped = iban.slice(0, index) + changed + iban.slice(index + 1);
          expect(isIban(slipped)).toBe(false);
        },
      ),
    );
  });
});

describe('normaliseIban and formatIban', () => {
  it('store without spaces in upper case and show in groups of four', () => {
    expect(normaliseIban('de89 3704-0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('round-trip: the formatted IBAN normalises back to the same IBAN', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VALID), (iban) => {
        expect(normaliseIban(formatIban(iban))).toBe(normaliseIban(iban));
      }),
    );
  });
});

describe('isBic', () => {
  it('accepts 8- and 11-character BICs and refuses others', () => {
    expect(isBic('COBADEFFXXX')).toBe(true);
    expect(isBic('deutdeff')).toBe(true);
    expect(isBic('DEUTDE')).toBe(false);
    expect(isBic('DEUT1EFF')).toBe(false);
  });
});
