import { answerOf } from '@server/receipts/reading/receipt-reader';
import type { ReceiptReading } from '@server/receipts/reading/receipt-types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

function reading(total: string | null, confidence: number): ReceiptReading {
  return {
    total,
    currency_id: null,
    confidence,
    items: [],
    date: '2024-03-12',
    merchant: null,
    text: '',
  };
}

describe('how sure a total read from a photo is', () => {
  it("is below 0.7 on a photo unless the receipt's arithmetic gives the total", () => {
    const agreeing = [reading('100.80', 0.9), reading('100.80', 0.85)];
    expect(answerOf(agreeing, new Set(), true).confidence).toBeLessThan(0.7);
    expect(answerOf(agreeing, new Set(['100.80']), true).confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps the agreement of the passes on a scan', () => {
    const agreeing = [reading('100.80', 0.9), reading('100.80', 0.85)];
    expect(answerOf(agreeing, new Set(), false).confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('never makes a photo surer than a scan, nor changes the total', () => {
    const readings = fc.array(
      fc.record({
        total: fc.constantFrom('12.50', '12.80', null),
        confidence: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
      { minLength: 1, maxLength: 3 },
    );
    fc.assert(
      fc.property(readings, fc.boolean(), (drawn, checked) => {
        const list = drawn.map((item) => reading(item.total, item.confidence));
        const confirmed = new Set(checked ? ['12.50'] : []);
        const photo = answerOf(list, confirmed, true);
        const scan = answerOf(list, confirmed, false);
        expect(photo.total).toBe(scan.total);
        expect(photo.confidence).toBeLessThanOrEqual(scan.confidence);
        if (photo.total !== null && !confirmed.has(photo.total)) {
          expect(photo.confidence).toBeLessThan(0.7);
        }
      }),
    );
  });
});
