import {
  currencyMarks,
  decideCurrency,
  findCurrency,
} from '@server/receipts/reading/currency-finder';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

describe('the currency of a receipt, in the currency of its event', () => {
  it('answers another currency only for an unambiguous mark beside the amounts', () => {
    const ringgit = 'TOTAL RM 14.10\nCASH RM 20.00\nCHANGE RM 5.90';
    expect(decideCurrency(ringgit, 'EUR')).toMatchObject({ currency_id: 'MYR' });
    expect(decideCurrency(ringgit, 'EUR').confidence).toBeGreaterThanOrEqual(0.9);
    expect(decideCurrency('Summe 12,50 €\nBar 20,00 €', 'USD').currency_id).toBe('EUR');
    expect(decideCurrency('ALE £5.20\nTOTAL £23.45', 'EUR').currency_id).toBe('GBP');
    expect(decideCurrency('Phở 65.000 ₫\nTỔNG 125.000 ₫', 'EUR').currency_id).toBe('VND');
    expect(decideCurrency('Total CHF 18.40\nBar CHF 20.00', 'EUR').currency_id).toBe('CHF');
    expect(decideCurrency('SUMME EUR        7,60', 'USD').currency_id).toBe('EUR');
  });

  it("reads a bare $ or ¥ as the event's currency when that is a dollar or a yen / yuan", () => {
    expect(decideCurrency('TOTAL $12.50\nCASH $20.00', 'CAD')).toMatchObject({
      currency_id: 'CAD',
    });
    expect(decideCurrency('TOTAL $12.50', 'SGD').currency_id).toBe('SGD');
    expect(decideCurrency('合計 ¥1,250', 'JPY').currency_id).toBe('JPY');
    expect(decideCurrency('合计 ¥88.00', 'CNY').currency_id).toBe('CNY');
    // Elsewhere a bare $ says "some dollar": the event's currency is kept, marked unsure.
    const inEuros = decideCurrency('TOTAL $12.50\nCASH $20.00', 'EUR');
    expect(inEuros.currency_id).toBe('EUR');
    expect(inEuros.confidence).toBeLessThan(0.5);
    // A code beside it says which dollar.
    expect(decideCurrency('TOTAL US$ 12.50\nCASH $20.00', 'EUR').currency_id).toBe('USD');
  });

  it("keeps the event's currency, unsure, when nothing is printed beside the amounts", () => {
    expect(decideCurrency('TOTAL 12.50\nThank you', 'MYR')).toEqual({
      currency_id: 'MYR',
      confidence: 0.5,
    });
  });

  it('never makes a currency of letters in words, marks away from numbers, or other capitals', () => {
    expect(currencyMarks('FORM 12.00\nTERM 3')).toEqual(new Map());
    expect(currencyMarks('£ loyalty club\nTOTAL 12.00')).toEqual(new Map());
    expect(decideCurrency('GST 6% 0.80\nTAX 1.20\nSST 2.00', 'MYR').currency_id).toBe('MYR');
    expect(findCurrency('QTY 2 PCS 5.00')).toBeNull();
    // A glyph glued to letters, or a lone one (a postcode's 8 read as £), is not enough.
    expect(decideCurrency('5736 1.00 8£Y 47.417', 'MYR').currency_id).toBe('MYR');
    const lone = decideCurrency('£1100 JOHOR BAHRU\nTOTAL 9.00', 'MYR');
    expect(lone.currency_id).toBe('MYR');
  });

  it('never answers a currency for text without any currency sign or code (OCR noise)', () => {
    const noise = fc.stringMatching(/^[a-z0-9 .,:;'|!-]{0,80}$/);
    fc.assert(
      fc.property(fc.array(noise, { maxLength: 20 }), (lines) => {
        expect(decideCurrency(lines.join('\n'), 'MYR').currency_id).toBe('MYR');
      }),
    );
  });

  it('lets most marks win, and says it is less sure when marks disagree', () => {
    const mixed = decideCurrency('TOTAL RM 10.00\nCASH RM 20.00\nCHANGE RM 10.00\nEUR 2.00', 'EUR');
    expect(mixed.currency_id).toBe('MYR');
    expect(mixed.confidence).toBeLessThan(
      decideCurrency('TOTAL RM 10.00\nCASH RM 20.00\nCHANGE RM 10.00', 'EUR').confidence,
    );
  });
});
