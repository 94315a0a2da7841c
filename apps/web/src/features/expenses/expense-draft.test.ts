import type { Event, Expenditure } from '@quits/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftOf, evaluateDraft } from './expense-draft';

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

  it('keeps its note, which the form does not show, so an edit of its title does not clear it', () => {
    const draft = draftOf(event, rent.id, []);
    if (!draft) throw new Error('the expense should reopen');
    const outcome = evaluateDraft({ ...draft, title: 'Rent (March)' }, event, [], 'en-GB');
    expect(outcome.body).toMatchObject({ title: 'Rent (March)', desc: 'March, paid by transfer' });
  });
});
