import type { ReceiptAnalysis } from '@quits/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyIsUnsure, outlinePoints, withCurrency } from './receipt-currency';

const DECIMALS: Record<string, number> = { MYR: 2, EUR: 2, JPY: 0, KWD: 3 };
const decimalsOf = (id: string) => DECIMALS[id] ?? 2;

function analysis(fields: Partial<ReceiptAnalysis>): ReceiptAnalysis {
  return {
    receipt_id: '0b7f4a52-4d1e-4b8a-9d1a-2f3c4d5e6f70',
    total: 1410,
    currency_id: 'MYR',
    currency_confidence: 0.5,
    confidence: 0.9,
    items: [{ name: 'Glue', amount: 520, quantity: 1 }],
    date: null,
    merchant: null,
    text: '',
    source: 'ocr',
    outline: null,
    ...fields,
  };
}

describe('the currency of a receipt, as the person chooses it', () => {
  it('keeps the printed digits when the currency changes, in the new minor units', () => {
    expect(withCurrency(analysis({}), 'EUR', decimalsOf)).toMatchObject({
      currency_id: 'EUR',
      currency_confidence: 1,
      total: 1410,
      items: [{ amount: 520 }],
    });
    expect(withCurrency(analysis({}), 'JPY', decimalsOf)).toMatchObject({ total: 14 });
    expect(withCurrency(analysis({}), 'KWD', decimalsOf)).toMatchObject({ total: 14100 });
  });

  it('changes nothing when the same currency is chosen', () => {
    const same = analysis({});
    expect(withCurrency(same, 'MYR', decimalsOf)).toBe(same);
  });

  it('never loses a printed amount going to more decimals and back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (total) => {
        const there = withCurrency(analysis({ total }), 'KWD', decimalsOf);
        expect(withCurrency(there, 'MYR', decimalsOf).total).toBe(total);
      }),
    );
  });

  it('asks to check a currency read with less than 0.7, and not one read before it was rated', () => {
    expect(currencyIsUnsure(analysis({ currency_confidence: 0.5 }))).toBe(true);
    expect(currencyIsUnsure(analysis({ currency_confidence: 0.9 }))).toBe(false);
    expect(currencyIsUnsure(analysis({ currency_confidence: undefined }))).toBe(false);
  });

  it('draws the outline in a unit box', () => {
    const outline = [
      { x: 0.1, y: 0.2 },
      { x: 0.9, y: 0.1 },
      { x: 0.8, y: 0.9 },
      { x: 0.2, y: 0.95 },
    ] as const;
    expect(outlinePoints([...outline] as NonNullable<ReceiptAnalysis['outline']>)).toBe(
      '0.1,0.2 0.9,0.1 0.8,0.9 0.2,0.95',
    );
  });
});
