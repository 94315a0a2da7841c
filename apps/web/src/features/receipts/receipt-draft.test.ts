import type { Event, ReceiptAnalysis } from '@quits/contract';
import i18next from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  draftFromReceipt,
  guessCategory,
  itemisedProblemKey,
  receiptOfNavigation,
} from './receipt-draft';

const ANA = '11111111-1111-4111-8111-111111111111';
const BEN = '22222222-2222-4222-8222-222222222222';

const event: Event = {
  id: 'rome-trip-event-id-0001',
  name: 'Rome',
  desc: '',
  image: null,
  currency_id: 'EUR',
  currency: { id: 'EUR', unit: '€', name: 'Euro', decimals: 2, rate: 1 },
  currency_rates: [],
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  deleted_at: null,
  users: [
    { id: ANA, event_id: 'rome-trip-event-id-0001', name: 'Ana' },
    { id: BEN, event_id: 'rome-trip-event-id-0001', name: 'Ben' },
  ],
  expenditures: [],
  payments: [],
};

const analysis: ReceiptAnalysis = {
  receipt_id: '33333333-3333-4333-8333-333333333333',
  total: 3080,
  currency_id: 'EUR',
  confidence: 0.9,
  items: [
    { name: 'Pasta', amount: 1250, quantity: 1 },
    { name: 'Water', amount: 600, quantity: 2 },
  ],
  date: '2026-11-14',
  merchant: 'Trattoria Roma',
  text: 'TRATTORIA ROMA\nPasta 12.50\n2 x Water 6.00\nTOTAL 30.80',
  source: 'ocr',
};

const heading = (merchant: string | null, text = '') => ({ merchant, text });

describe('the category a receipt names', () => {
  it('is offered when the place leaves no doubt, in any language and case', () => {
    expect(guessCategory(heading('Trattoria Roma'))).toBe('food');
    expect(guessCategory(heading('CAFÉ DE FLORE'))).toBe('food');
    expect(guessCategory(heading(null, 'Nhà hàng Phở 24\n12 Lý Tự Trọng'))).toBe('food');
    expect(guessCategory(heading('北京饭店'))).toBe('food');
    expect(guessCategory(heading('LIDL Dienstleistung'))).toBe('groceries');
    expect(guessCategory(heading('Shell Tankstelle'))).toBe('transport');
    expect(guessCategory(heading('Hotel Adlon'))).toBe('accommodation');
    expect(guessCategory(heading('Apotheke am Markt'))).toBe('health');
  });

  it('is not offered for a word inside another word, or below the heading', () => {
    expect(guessCategory(heading('Hotelbedarf Müller'))).toBeNull();
    expect(
      guessCategory(heading('Kiosk', 'KIOSK\nline 2\nline 3\nline 4\nCoffee beans 4.99')),
    ).toBeNull();
  });

  it('is not offered when the heading names two kinds of place', () => {
    expect(guessCategory(heading('Hotel Restaurant Post'))).toBeNull();
  });

  it('is not offered for German "Bar" (cash) or "Netto" (net)', () => {
    expect(guessCategory(heading(null, 'Netto 12,00\nBar 20,00'))).toBeNull();
  });
});

describe('a new expense from a receipt', () => {
  beforeAll(async () => {
    // The form reads amounts as the person's language writes them; pinned to British English.
    vi.stubGlobal('navigator', { language: 'en-GB' });
    await i18next.init({ lng: 'en', resources: {} });
  });

  it('is titled after the merchant, with the total, currency, date, category and photo', () => {
    const draft = draftFromReceipt(event, ANA, analysis, [], 'Receipt');
    expect(draft).toMatchObject({
      title: 'Trattoria Roma',
      amountText: '30.80',
      currencyId: 'EUR',
      date: '2026-11-14',
      category: 'food',
      receiptId: analysis.receipt_id,
      mode: 'evenly',
      payers: [{ userId: ANA, amountText: '' }],
    });
  });

  it('has the lines ready to split by items, each first given to everyone', () => {
    const draft = draftFromReceipt(event, ANA, analysis, [], 'Receipt');
    expect(draft.items).toEqual([
      { name: 'Pasta', amount: 1250, people: [ANA, BEN] },
      { name: '2 × Water', amount: 600, people: [ANA, BEN] },
    ]);
  });

  it('is called by the fallback title and left to fill in when little was read', () => {
    const draft = draftFromReceipt(
      event,
      null,
      { ...analysis, merchant: '  ', total: null, date: null, items: [], text: '' },
      [],
      'Receipt',
    );
    expect(draft.title).toBe('Receipt');
    expect(draft.amountText).toBe('');
    expect(draft.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(draft.category).toBeNull();
    expect(draft.items).toEqual([]);
  });

  it('writes a currency without minor units as whole numbers', () => {
    const draft = draftFromReceipt(
      event,
      ANA,
      { ...analysis, currency_id: 'VND', total: 245000 },
      [],
      'Receipt',
    );
    expect(draft.amountText).toBe('245000');
  });
});

describe('the receipt handed over with the navigation', () => {
  it('is taken when it is a whole analysis, and ignored otherwise', () => {
    expect(receiptOfNavigation({ receipt: analysis })).toEqual(analysis);
    expect(receiptOfNavigation(null)).toBeNull();
    expect(receiptOfNavigation('receipt')).toBeNull();
    expect(receiptOfNavigation({ receipt: { ...analysis, total: 'a lot' } })).toBeNull();
  });
});

describe('the words of a split by items that cannot be made', () => {
  it('has a text for every reason of the domain, and none for the other splits', () => {
    for (const code of ['no-items', 'unassigned-item', 'no-item-total', 'negative-subtotal']) {
      expect(itemisedProblemKey(code)).toMatch(/^receipts\.problem/);
    }
    expect(itemisedProblemKey('percent-total')).toBeNull();
    expect(itemisedProblemKey('toString')).toBeNull();
  });
});
