import { voteReadings } from '@server/receipts/reading/reading-vote';
import type { ReceiptReading } from '@server/receipts/reading/receipt-types';
import { describe, expect, it } from 'vitest';

const reading = (overrides: Partial<ReceiptReading>): ReceiptReading => ({
  total: null,
  currency_id: null,
  confidence: 0,
  items: [],
  date: null,
  merchant: null,
  text: '',
  ...overrides,
});

describe('voteReadings', () => {
  it('answers the one reading there is, as it is', () => {
    const only = reading({
      total: '9.00',
      confidence: 0.8,
      date: '2024-01-02',
      text: 'TOTAL 9.00',
    });
    expect(voteReadings([only])).toEqual(only);
  });

  it('is surer of a total two readings agree on: 1 − (1 − 0.6)(1 − 0.5) = 0.8', () => {
    const answer = voteReadings([
      reading({ total: '12.30', confidence: 0.6, text: 'first' }),
      reading({ total: '12.80', confidence: 0.7, text: 'second' }),
      reading({ total: '12.30', confidence: 0.5, text: 'third' }),
    ]);
    expect(answer).toMatchObject({ total: '12.30', confidence: 0.8, text: 'first' });
  });

  it('takes the date most readings found, and a merchant from any reading', () => {
    const answer = voteReadings([
      reading({ total: '5.00', confidence: 0.9, date: '2018-10-28' }),
      reading({ total: '5.00', confidence: 0.4, date: '2018-10-29', merchant: 'CAFE' }),
      reading({ total: '5.00', confidence: 0.3, date: '2018-10-29' }),
    ]);
    expect(answer).toMatchObject({ date: '2018-10-29', merchant: 'CAFE' });
  });

  it('keeps the merchant the readings saw most cleanly, whichever gave the total', () => {
    const answer = voteReadings([
      reading({ total: '5.00', confidence: 0.9, merchant: 'Teak Cash & Carry Sdn.ERhd' }),
      reading({ total: '5.00', confidence: 0.4, merchant: 'Teak Cash & Carry Sdn.Bhd' }),
      reading({ total: '5.00', confidence: 0.3, merchant: 'Teak Cash §& Carry Sdn.Bhd' }),
    ]);
    expect(answer.merchant).toBe('Teak Cash & Carry Sdn.Bhd');
  });

  it('answers no total, with no confidence, when no reading found one', () => {
    const answer = voteReadings([reading({ date: '2020-02-02' }), reading({})]);
    expect(answer).toMatchObject({ total: null, confidence: 0, date: '2020-02-02' });
  });
});
