import type { ExpenditureBase } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { settleChange } from './settle-change';

const ANN = 'c0ffee00-0000-4000-8000-000000000001';
const ID = 'c0ffee00-0000-4000-8000-0000000000e1';
const base: ExpenditureBase = {
  title: 'Taxi',
  desc: '',
  date: '2026-03-01',
  amount: 3000,
  currency_id: 'EUR',
  category: null,
  split: { mode: 'evenly' },
  payer: [{ user_id: ANN, amount: 3000 }],
  participant: [{ user_id: ANN, amount: 3000 }],
  receipt_id: null,
};
const by = { user_id: null, name: 'Ben', at: '2026-03-02T10:42:00.000Z' };
const conflict = { field: 'title', base: 'Taxi', mine: 'Cab', theirs: 'Airport taxi', by };
const change = {
  kind: 'expense.save' as const,
  body: { ...base, id: ID, title: 'Cab', desc: '', split: { mode: 'evenly' as const }, base },
};

describe('settling a conflict', () => {
  it('keeping mine sends my title over a base that now holds theirs', () => {
    const settled = settleChange(change, [conflict], 'mine');
    expect(settled.kind === 'expense.save' && settled.body.title).toBe('Cab');
    expect(settled.kind === 'expense.save' && settled.body.base?.title).toBe('Airport taxi');
  });

  it('keeping theirs sends the base’s title, which leaves theirs in place', () => {
    const settled = settleChange(change, [conflict], 'theirs');
    expect(settled.kind === 'expense.save' && settled.body.title).toBe('Taxi');
    expect(settled.kind === 'expense.save' && settled.body.base?.title).toBe('Taxi');
  });

  it('keeps every field that did not conflict as the device changed it', () => {
    const both = { ...change, body: { ...change.body, date: '2026-03-05' } };
    const settled = settleChange(both, [conflict], 'theirs');
    expect(settled.kind === 'expense.save' && settled.body.date).toBe('2026-03-05');
  });

  it('settles each exchange rate of an event on its own', () => {
    const eventBase = {
      name: 'Trip',
      desc: '',
      image: null,
      currency_id: 'EUR',
      currency_rates: [{ currency_id: 'USD', exchange_rate: 0.9 }],
    };
    const update = {
      kind: 'event.update' as const,
      body: { currency_rates: [{ currency_id: 'USD', exchange_rate: 0.95 }], base: eventBase },
    };
    const rate = { field: 'currency_rates.USD', base: 0.9, mine: 0.95, theirs: 0.92, by };
    const mine = settleChange(update, [rate], 'mine');
    expect(mine.kind === 'event.update' && mine.body).toEqual({
      currency_rates: [{ currency_id: 'USD', exchange_rate: 0.95 }],
      base: { ...eventBase, currency_rates: [{ currency_id: 'USD', exchange_rate: 0.92 }] },
    });
    const theirs = settleChange(update, [rate], 'theirs');
    expect(theirs.kind === 'event.update' && theirs.body.currency_rates).toEqual([
      { currency_id: 'USD', exchange_rate: 0.9 },
    ]);
  });

  it('settles a rename', () => {
    const rename = {
      kind: 'person.rename' as const,
      personId: ANN,
      name: 'Anna',
      base: { name: 'Ann' },
    };
    const name = { field: 'name', base: 'Ann', mine: 'Anna', theirs: 'Annie', by };
    expect(settleChange(rename, [name], 'mine')).toMatchObject({
      name: 'Anna',
      base: { name: 'Annie' },
    });
    expect(settleChange(rename, [name], 'theirs')).toMatchObject({
      name: 'Ann',
      base: { name: 'Ann' },
    });
  });
});
