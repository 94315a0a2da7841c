import type { Currency } from '@quits/contract';
import { RECEIPT_LIMITS } from '@quits/contract';
import { type ReceiptFields, toAnalysisContent } from '@server/receipts/receipt-analysis';
import { describe, expect, it } from 'vitest';

const CURRENCIES: Record<string, Currency> = {
  EUR: { id: 'EUR', unit: '€', name: 'Euro', decimals: 2, rate: 1 },
  JPY: { id: 'JPY', unit: '¥', name: 'Yen', decimals: 0, rate: 160 },
  KWD: { id: 'KWD', unit: 'KD', name: 'Kuwaiti Dinar', decimals: 3, rate: 0.33 },
};

const inEuros = {
  currencyOf: (id: string) => CURRENCIES[id],
  eventCurrency: CURRENCIES.EUR as Currency,
};

function read(fields: Partial<ReceiptFields>): ReceiptFields {
  return {
    total: '23.40',
    currency_id: null,
    confidence: 0.9,
    items: [],
    date: null,
    merchant: null,
    text: '',
    ...fields,
  };
}

describe('turning a reading into the analysis answer', () => {
  it("takes the event's currency when none was read, with amounts in its minor units", () => {
    const content = toAnalysisContent(
      read({ items: [{ name: 'Pasta', amount: '15.00', quantity: 1 }] }),
      'ocr',
      inEuros,
    );
    expect(content).toMatchObject({ total: 2340, currency_id: 'EUR', confidence: 0.9 });
    expect(content.items).toEqual([{ name: 'Pasta', amount: 1500, quantity: 1 }]);
  });

  it("takes the currency printed beside the amounts when it is in the list, in that currency's digits", () => {
    const yen = 'Ramen  JPY 900\nGyoza  JPY 600\nTOTAL  JPY 1500';
    expect(
      toAnalysisContent(read({ total: '1500', currency_id: 'JPY', text: yen }), 'ocr', inEuros),
    ).toMatchObject({ total: 1500, currency_id: 'JPY' });
    const dinar = 'TOTAL KWD 2.125\nCASH KWD 5.000';
    expect(
      toAnalysisContent(read({ total: '2.125', currency_id: 'kwd', text: dinar }), 'ocr', inEuros),
    ).toMatchObject({ total: 2125, currency_id: 'KWD' });
  });

  it("falls back to the event's currency for a code not in the list, or none printed", () => {
    expect(
      toAnalysisContent(read({ currency_id: 'XYZ', text: 'TOTAL XYZ 23.40' }), 'ocr', inEuros),
    ).toMatchObject({ currency_id: 'EUR', currency_confidence: 0.5 });
    // A currency the OCR parse guessed but nothing beside the amounts shows is not taken.
    expect(
      toAnalysisContent(
        read({ currency_id: 'GBP', text: 'TOTAL 23.40\nfor £ club' }),
        'ocr',
        inEuros,
      ),
    ).toMatchObject({ currency_id: 'EUR' });
  });

  it('drops a total that is no amount, zero or too large, and its confidence with it', () => {
    for (const total of ['abc', '0.00', '-5.00', '999999999999.00', '12.345']) {
      const content = toAnalysisContent(read({ total }), 'ocr', inEuros);
      expect(content, total).toMatchObject({ total: null, confidence: 0 });
    }
  });

  it('keeps discount lines negative and drops items whose amount is no amount', () => {
    const content = toAnalysisContent(
      read({
        items: [
          { name: 'Coffee', amount: '4.50', quantity: 2 },
          { name: 'Discount', amount: '-1.00', quantity: 1 },
          { name: 'Smudge', amount: 'I.5O', quantity: 1 },
        ],
      }),
      'ocr',
      inEuros,
    );
    expect(content.items).toEqual([
      { name: 'Coffee', amount: 450, quantity: 2 },
      { name: 'Discount', amount: -100, quantity: 1 },
    ]);
  });

  it('bounds names, the text, the number of items and odd quantities to the contract', () => {
    const items = Array.from({ length: RECEIPT_LIMITS.maxItems + 5 }, (_, index) => ({
      name: `Item\u0000 ${index} ${'x'.repeat(200)}`,
      amount: '1.00',
      quantity: index === 0 ? Number.NaN : -1,
    }));
    const content = toAnalysisContent(
      read({ items, merchant: '  ', text: `a\u0000b${'c'.repeat(RECEIPT_LIMITS.maxText)}` }),
      'model',
      inEuros,
    );
    expect(content.items).toHaveLength(RECEIPT_LIMITS.maxItems);
    expect(content.items[0]?.name).toMatch(/^Item 0 x+$/);
    expect(content.items[0]?.name.length).toBeLessThanOrEqual(RECEIPT_LIMITS.maxName);
    expect(content.items.every((item) => item.quantity === 1)).toBe(true);
    expect(content.merchant).toBeNull();
    expect(content.text.startsWith('a b')).toBe(true);
    expect(content.text.length).toBeLessThanOrEqual(RECEIPT_LIMITS.maxText);
    expect(content.source).toBe('model');
  });

  it('never cuts a name inside a character written with two UTF-16 units', () => {
    const merchant = `${'a'.repeat(RECEIPT_LIMITS.maxName - 1)}😀`;
    expect(toAnalysisContent(read({ merchant }), 'ocr', inEuros).merchant).toBe(
      'a'.repeat(RECEIPT_LIMITS.maxName - 1),
    );
  });

  it('keeps only real calendar dates and a confidence within 0..1', () => {
    expect(toAnalysisContent(read({ date: '2024-03-12' }), 'ocr', inEuros).date).toBe('2024-03-12');
    expect(toAnalysisContent(read({ date: '2024-02-30' }), 'ocr', inEuros).date).toBeNull();
    expect(toAnalysisContent(read({ date: '12/03/2024' }), 'ocr', inEuros).date).toBeNull();
    expect(toAnalysisContent(read({ confidence: 7 }), 'ocr', inEuros).confidence).toBe(1);
    expect(toAnalysisContent(read({ confidence: Number.NaN }), 'ocr', inEuros).confidence).toBe(0);
  });
});
