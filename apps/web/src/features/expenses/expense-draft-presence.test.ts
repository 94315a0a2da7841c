import type { Event } from '@quits/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { evaluateDraft, newDraft } from './expense-draft';
import { tickedByPresence, withDate } from './expense-draft-presence';

const ANA = '11111111-1111-4111-8111-111111111111';
const DAN = '44444444-4444-4444-8444-444444444444';
const EVENT_ID = 'flat-event-id-000000001';

const event: Event = {
  id: EVENT_ID,
  name: 'Flat',
  desc: '',
  image: null,
  currency_id: 'EUR',
  currency: { id: 'EUR', unit: '€', name: 'Euro', decimals: 2, rate: 1 },
  currency_rates: [],
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  deleted_at: null,
  users: [
    { id: ANA, event_id: EVENT_ID, name: 'Ana' },
    {
      id: DAN,
      event_id: EVENT_ID,
      name: 'Dan',
      presence: [{ from: '2026-11-20', to: '2026-11-25' }],
    },
  ],
  expenditures: [],
  payments: [],
};

describe('a split by days present', () => {
  beforeEach(() => vi.stubGlobal('navigator', { language: 'en-GB' }));
  afterEach(() => vi.unstubAllGlobals());

  const rentOn10November = () => {
    const draft = withDate(newDraft(event, ANA), event, '2026-11-10');
    return { ...draft, title: 'Rent', amountText: '300' };
  };

  it('ticks everyone there on any day of its period, whatever its date', () => {
    const evenly = rentOn10November();
    // Split evenly on the 10th, Dan was not there yet.
    expect(evenly.shares[DAN]?.included).toBe(false);
    const byDays = tickedByPresence({ ...evenly, mode: 'days' }, event);
    expect(byDays.period).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(byDays.shares[DAN]?.included).toBe(true);
    const outcome = evaluateDraft(byDays, event, [], 'en-GB');
    expect(outcome.days).toEqual({ [ANA]: 30, [DAN]: 6 });
    // 300.00 over 36 person-days: Dan's 6 days are 50.00.
    expect(outcome.perPerson.find((line) => line.userId === DAN)?.amount).toBe(5000);
  });

  it('leaves out whoever was there on no day of it, and keeps hand-ticked people as they are', () => {
    const early = tickedByPresence(
      { ...rentOn10November(), mode: 'days', period: { from: '2026-11-01', to: '2026-11-15' } },
      event,
    );
    expect(early.shares[DAN]?.included).toBe(false);
    const chosen = { ...early, followsPresence: false };
    const moved = tickedByPresence(
      { ...chosen, period: { from: '2026-11-01', to: '2026-11-30' } },
      event,
    );
    expect(moved.shares[DAN]?.included).toBe(false);
    // A period still being typed changes nobody.
    const typing = tickedByPresence({ ...early, period: { from: '2026-11-01', to: '' } }, event);
    expect(typing.shares).toEqual(early.shares);
  });
});
