import type { Event, Expenditure } from '@quits/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftOf, evaluateDraft, newDraft } from './expense-draft';

const ANA = '11111111-1111-4111-8111-111111111111';
const BEN = '22222222-2222-4222-8222-222222222222';
const EVENT_ID = 'flat-event-id-000000001';

const rent: Expenditure = {
  id: '33333333-3333-4333-8333-333333333333',
  event_id: EVENT_ID,
  user_id: ANA,
  title: 'Rent',
  desc: 'March, paid by transfer',
  date: '2026-03-01',
  amount: 3000,
  currency_id: 'EUR',
  category: null,
  split: { mode: 'evenly' },
  payer: [{ user_id: ANA, amount: 3000 }],
  participant: [
    { user_id: ANA, amount: 1500 },
    { user_id: BEN, amount: 1500 },
  ],
  receipt_id: null,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  deleted_at: null,
};

const event: Event = {
  id: EVENT_ID,
  name: 'Flat',
  desc: '',
  image: null,
  currency_id: 'EUR',
  currency: { id: 'EUR', unit: '€', name: 'Euro', decimals: 2, rate: 1 },
  currency_rates: [],
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  deleted_at: null,
  users: [
    { id: ANA, event_id: EVENT_ID, name: 'Ana' },
    { id: BEN, event_id: EVENT_ID, name: 'Ben' },
  ],
  expenditures: [rent],
  payments: [],
};

describe('an expense reopened in its form', () => {
  // The form writes amounts as the browser's language does; pinned, as in the browser tests.
  beforeEach(() => vi.stubGlobal('navigator', { language: 'en-GB' }));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps its note, so an edit of its title does not clear it', () => {
    const draft = draftOf(event, rent.id, []);
    if (!draft) throw new Error('the expense should reopen');
    const outcome = evaluateDraft({ ...draft, title: 'Rent (March)' }, event, [], 'en-GB');
    expect(outcome.body).toMatchObject({ title: 'Rent (March)', desc: 'March, paid by transfer' });
  });

  it('reopens money received as an income and sends it as one; a new one starts as spent', () => {
    const refund = { ...rent, id: '44444444-4444-4444-8444-444444444444', kind: 'income' as const };
    const withRefund = { ...event, expenditures: [rent, refund] };
    const draft = draftOf(withRefund, refund.id, []);
    expect(draft?.kind).toBe('income');
    if (!draft) throw new Error('the income should reopen');
    expect(evaluateDraft(draft, withRefund, [], 'en-GB').body).toMatchObject({ kind: 'income' });
    // A copy from before income existed was spent.
    expect(draftOf(event, rent.id, [])?.kind).toBe('expense');
    expect(newDraft(event, ANA).kind).toBe('expense');
  });
});

describe('a new expense and the event’s default split', () => {
  it('is split evenly while everyone’s share is 1', () => {
    const draft = newDraft(event, ANA);
    expect(draft.mode).toBe('evenly');
    const outcome = evaluateDraft({ ...draft, title: 'Bread', amountText: '3' }, event, [], 'en');
    expect(outcome.body?.participant).toEqual([
      { user_id: ANA, amount: 150 },
      { user_id: BEN, amount: 150 },
    ]);
  });

  it('starts by shares from each person’s default share, and sends them with the expense', () => {
    const couple = {
      ...event,
      users: event.users.map((user) => (user.id === BEN ? { ...user, default_weight: 2 } : user)),
    };
    const draft = newDraft(couple, ANA);
    expect(draft.mode).toBe('shares');
    expect(draft.shares[BEN]).toEqual({ included: true, weightText: '2' });
    const outcome = evaluateDraft({ ...draft, title: 'Bread', amountText: '3' }, couple, [], 'en');
    expect(outcome.body?.participant).toEqual([
      { user_id: ANA, amount: 100 },
      { user_id: BEN, amount: 200 },
    ]);
    expect(outcome.body?.split).toEqual({ mode: 'shares', weights: { [ANA]: 1, [BEN]: 2 } });
  });
});

describe('the rate of an expense in another currency', () => {
  beforeEach(() => vi.stubGlobal('navigator', { language: 'en-GB' }));
  afterEach(() => vi.unstubAllGlobals());
  const currencies = [
    { id: 'EUR', unit: '€', name: 'Euro', decimals: 2, rate: 1 },
    { id: 'USD', unit: '$', name: 'US Dollar', decimals: 2, rate: 0.8 },
  ];
  const hotel: Expenditure = {
    ...rent,
    id: '44444444-4444-4444-8444-444444444444',
    title: 'Hotel',
    amount: 10_000,
    currency_id: 'USD',
    payer: [{ user_id: ANA, amount: 10_000 }],
    participant: [{ user_id: BEN, amount: 10_000 }],
    rate: { value: 0.95, currency_id: 'EUR', date: '2026-03-01', source: 'manual' },
  };
  const trip: Event = { ...event, expenditures: [hotel] };
  const dated = {
    value: 0.91810503,
    currency_id: 'EUR',
    date: '2026-03-01',
    source: 'ecb' as const,
  };

  it('reopens a typed rate as typed, and sends and converts at it', () => {
    const draft = draftOf(trip, hotel.id, currencies);
    if (!draft) throw new Error('the expense should reopen');
    expect(draft).toMatchObject({ rateMode: 'manual', rateText: '0.95' });
    const outcome = evaluateDraft(draft, trip, currencies, 'en-GB', dated);
    expect(outcome.body?.rate).toEqual({ source: 'manual', value: 0.95 });
    expect(outcome.perPerson[0]?.inEventCurrency).toBe(9500);
  });

  it('converts at the rate of the date and sends none, so the server decides it', () => {
    const draft = draftOf(trip, hotel.id, currencies);
    if (!draft) throw new Error('the expense should reopen');
    const outcome = evaluateDraft(
      { ...draft, rateMode: 'dated' },
      trip,
      currencies,
      'en-GB',
      dated,
    );
    expect(outcome.body?.rate).toBeNull();
    expect(outcome.perPerson[0]?.inEventCurrency).toBe(9181);
  });

  it('sends the amount charged and counts it exactly; refuses one that is not a number', () => {
    const draft = draftOf(trip, hotel.id, currencies);
    if (!draft) throw new Error('the expense should reopen');
    const charged = { ...draft, rateMode: 'charged' as const, chargedText: '93.43' };
    const outcome = evaluateDraft(charged, trip, currencies, 'en-GB', dated);
    expect(outcome.body?.rate).toEqual({ source: 'charged', charged_amount: 9343 });
    expect(outcome.perPerson[0]?.inEventCurrency).toBe(9343);
    const wrong = evaluateDraft({ ...charged, chargedText: 'abc' }, trip, currencies, 'en-GB');
    expect(wrong.problems.rate).toBe('number');
    expect(wrong.body).toBeNull();
  });
});
