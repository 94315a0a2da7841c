import type { Event, Expenditure } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { applyCommand } from './apply-command';
import { commandRequest } from './command-request';
import type { Command } from './commands';
import { expenseBase, expenseBaseIn } from './edit-base';
import { inPlaceOf } from './enqueue';

const EVENT = 'ePPUbBK4SwaFdV-grodJMQ';
const ANN = 'c0ffee00-0000-4000-8000-000000000001';
const EXPENSE = 'c0ffee00-0000-4000-8000-0000000000e1';

const taxi: Expenditure = {
  id: EXPENSE,
  event_id: EVENT,
  user_id: null,
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
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  deleted_at: null,
};

const event: Event = {
  id: EVENT,
  name: 'Trip',
  desc: '',
  image: null,
  currency_id: 'EUR',
  currency: null,
  currency_rates: [],
  users: [{ id: ANN, event_id: EVENT, name: 'Ann' }],
  expenditures: [taxi],
  payments: [],
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  deleted_at: null,
};

const command = (change: Command['change'], id = 'q1'): Command => ({
  id,
  eventId: EVENT,
  change,
  whoAmI: null,
  createdAt: '2026-03-02T10:00:00.000Z',
});

const save = (title: string, amount: number, base?: Expenditure) =>
  command({
    kind: 'expense.save',
    body: {
      id: EXPENSE,
      title,
      desc: '',
      date: taxi.date,
      amount,
      currency_id: 'EUR',
      payer: [{ user_id: ANN, amount }],
      participant: [{ user_id: ANN, amount }],
      ...(base && { base: expenseBase(base) }),
    },
  });

describe('the base of an edit', () => {
  it('is the expense as the server copy has it, and nothing for one the server does not have', () => {
    expect(expenseBaseIn(event, EXPENSE)).toMatchObject({ title: 'Taxi', amount: 3000 });
    expect(expenseBaseIn(event, 'c0ffee00-0000-4000-8000-0000000000ff')).toBeUndefined();
    expect(expenseBaseIn(undefined, EXPENSE)).toBeUndefined();
  });

  it('stays the first one when a newer save of the same expense takes the waiting one’s place', () => {
    const first = save('Taxi', 4500, taxi);
    const newer = save('Cab', 4500, { ...taxi, title: 'Seen later' });
    const kept = inPlaceOf({ ...newer, id: 'q2' }, first);
    expect(kept.id).toBe('q1');
    expect(kept.change.kind === 'expense.save' && kept.change.body.title).toBe('Cab');
    expect(kept.change.kind === 'expense.save' && kept.change.body.base?.title).toBe('Taxi');
  });

  it('stays absent when the waiting save is a create the server has not seen', () => {
    const created = save('Taxi', 3000);
    const kept = inPlaceOf(save('Cab', 3000, taxi), created);
    expect(kept.change.kind === 'expense.save' && 'base' in kept.change.body).toBe(false);
  });

  it('never shows in the local copy of the event', () => {
    const update = command({
      kind: 'event.update',
      body: {
        name: 'Holiday',
        base: { name: 'Trip', desc: '', image: null, currency_id: 'EUR', currency_rates: [] },
      },
    });
    const shown = applyCommand(event, update);
    expect(shown.name).toBe('Holiday');
    expect('base' in shown).toBe(false);
    const saved = applyCommand(event, save('Cab', 3000, taxi)).expenditures[0];
    expect(saved && 'base' in saved).toBe(false);
  });

  it('goes with a rename to the server', () => {
    const rename = command({
      kind: 'person.rename',
      personId: ANN,
      name: 'Anna',
      base: { name: 'Ann' },
    });
    expect(commandRequest(rename).body).toEqual({ name: 'Anna', base: { name: 'Ann' } });
  });
});
