import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EPC_LIMITS, epcQrPayload, quitsRemittance } from '../src/index';

const ANA = {
  name: 'Ana Müller',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  cents: 734,
  remittance: quitsRemittance('Lisbon trip'),
};

describe('epcQrPayload', () => {
  it('writes each field of EPC069-12 version 002 in order', () => {
    const lines = (epcQrPayload(ANA) ?? '').split('\n');
    expect(lines).toEqual([
      'BCD', // service tag
      '002', // version: BIC optional in the EEA
      '1', // character set: UTF-8
      'SCT', // SEPA Credit Transfer
      'COBADEFFXXX', // BIC
      'Ana Müller', // beneficiary, at most 70
      'DE89370400440532013000', // IBAN, at most 34
      'EUR7.34', // amount: EUR, a point, at most two decimals
      '', // purpose code
      '', // structured reference (one of the two references only)
      'Quits: Lisbon trip', // unstructured remittance, at most 140
    ]);
  });

  it('leaves the BIC empty when it is unknown or not a BIC length', () => {
    expect(epcQrPayload({ ...ANA, bic: '' })?.split('\n')[4]).toBe('');
    expect(epcQrPayload({ ...ANA, bic: 'COBA' })?.split('\n')[4]).toBe('');
  });

  it('writes the smallest and largest amounts the standard allows and refuses beyond', () => {
    expect(epcQrPayload({ ...ANA, cents: 1 })?.split('\n')[7]).toBe('EUR0.01');
    expect(epcQrPayload({ ...ANA, cents: 99_999_999_999 })?.split('\n')[7]).toBe('EUR999999999.99');
    expect(epcQrPayload({ ...ANA, cents: 0 })).toBeNull();
    expect(epcQrPayload({ ...ANA, cents: 100_000_000_000 })).toBeNull();
  });

  it('refuses a transfer without a name or an IBAN, and a fractional cent', () => {
    expect(epcQrPayload({ ...ANA, name: '  ' })).toBeNull();
    expect(epcQrPayload({ ...ANA, iban: '' })).toBeNull();
    expect(() => epcQrPayload({ ...ANA, cents: 1.5 })).toThrow(RangeError);
  });

  it('leaves the last line out when there is no reference', () => {
    expect(epcQrPayload({ ...ANA, remittance: '' })?.split('\n')).toHaveLength(8);
  });

  it('keeps every field within its limit, on one line, and the whole within 331 bytes', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.string({ unit: 'grapheme', maxLength: 300 }),
        fc.integer({ min: 1, max: 99_999_999_999 }),
        (name, remittance, cents) => {
          const payload = epcQrPayload({ ...ANA, name: `A${name}`, remittance, cents });
          expect(payload).not.toBeNull();
          const lines = (payload ?? '').split('\n');
          expect(lines.length).toBeGreaterThanOrEqual(8);
          expect(lines.length).toBeLessThanOrEqual(11);
          expect(Array.from(lines[5] ?? '').length).toBeLessThanOrEqual(EPC_LIMITS.name);
          expect(Array.from(lines[10] ?? '').length).toBeLessThanOrEqual(EPC_LIMITS.remittance);
          expect(new TextEncoder().encode(payload ?? '').length).toBeLessThanOrEqual(
            EPC_LIMITS.payload,
          );
        },
      ),
    );
  });

  it('writes the amount so that it reads back as exactly the same cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999_999 }), (cents) => {
        const amount = (epcQrPayload({ ...ANA, cents }) ?? '').split('\n')[7] ?? '';
        const match = /^EUR(\d{1,9})\.(\d{2})$/.exec(amount);
        expect(match).not.toBeNull();
        expect(Number(match?.[1]) * 100 + Number(match?.[2])).toBe(cents);
        expect(amount.length).toBeLessThanOrEqual(15);
      }),
    );
  });
});

describe('quitsRemittance', () => {
  it('says "Quits: <event name>" and stays within 140 characters', () => {
    expect(quitsRemittance('Flat')).toBe('Quits: Flat');
    expect(Array.from(quitsRemittance('é'.repeat(500)))).toHaveLength(140);
  });
});
