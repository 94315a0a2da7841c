import type { Event } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { type ExpenseDraft, evaluateDraft, newDraft } from './expense-draft';

const ANA = '11111111-1111-4111-8111-111111111111';
const BEN = '22222222-2222-4222-8222-222222222222';
const CHLOE = '44444444-4444-4444-8444-444444444444';
const GONE = '55555555-5555-4555-8555-555555555555';
const RECEIPT = '33333333-3333-4333-8333-333333333333';

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
  users: [ANA, BEN, CHLOE].map((id, index) => ({
    id,
    event_id: 'rome-trip-event-id-0001',
    name: ['Ana', 'Ben', 'Chloé'][index] ?? '',
  })),
  expenditures: [],
  payments: [],
};

function itemisedDraft(items: ExpenseDraft['items']): ExpenseDraft {
  return {
    ...newDraft(event, ANA),
    title: 'Trattoria Roma',
    amountText: '30.80',
    mode: 'items',
    receiptId: RECEIPT,
    items,
  };
}

describe('an expense split by the items of its receipt', () => {
  it('is sent as exact amounts: the items of each, the service in proportion, with the photo', () => {
    const outcome = evaluateDraft(
      itemisedDraft([
        { name: 'Pasta', amount: 1250, people: [ANA] },
        { name: 'Pizza', amount: 900, people: [BEN] },
        { name: 'Tiramisu', amount: 650, people: [CHLOE] },
      ]),
      event,
      [],
      'en-GB',
    );
    expect(outcome.problems).toEqual({});
    expect(outcome.body).toMatchObject({
      amount: 3080,
      participant: [
        { user_id: ANA, amount: 1375 },
        { user_id: BEN, amount: 990 },
        { user_id: CHLOE, amount: 715 },
      ],
      split: { mode: 'exact', weights: { [ANA]: 1375, [BEN]: 990, [CHLOE]: 715 } },
      receipt_id: RECEIPT,
    });
  });

  it('leaves out whoever had nothing, and whoever left the event since', () => {
    const outcome = evaluateDraft(
      itemisedDraft([
        { name: 'Pasta', amount: 1250, people: [ANA, GONE] },
        { name: 'Pizza', amount: 1830, people: [BEN] },
      ]),
      event,
      [],
      'en-GB',
    );
    expect(outcome.body?.participant).toEqual([
      { user_id: ANA, amount: 1250 },
      { user_id: BEN, amount: 1830 },
    ]);
  });

  it('is not sent while an item belongs to nobody', () => {
    const outcome = evaluateDraft(
      itemisedDraft([
        { name: 'Pasta', amount: 1250, people: [ANA] },
        { name: 'Pizza', amount: 900, people: [] },
      ]),
      event,
      [],
      'en-GB',
    );
    expect(outcome.problems.split).toBe('unassigned-item');
    expect(outcome.body).toBeNull();
  });

  it('leaves the receipt out of an expense that has none, so the server keeps what it has', () => {
    const draft = { ...newDraft(event, ANA), title: 'Taxi', amountText: '30' };
    const outcome = evaluateDraft(draft, event, [], 'en-GB');
    expect(outcome.body).not.toBeNull();
    expect(outcome.body && 'receipt_id' in outcome.body).toBe(false);
  });
});
