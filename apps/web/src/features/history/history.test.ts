import type { Activity, Event, Expenditure } from '@quits/contract';
import { applyCommand } from '@web/offline/apply-command';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { type ChangeWords, changesOf } from './entry-changes';
import { groupByDay, namesOf, restorableRows } from './history-days';

const ANA = '11111111-1111-4111-8111-111111111111';
const BEN = '22222222-2222-4222-8222-222222222222';
const GONE = '33333333-3333-4333-8333-333333333333';

/** Words without i18next: a key reads as itself, money as "12.50 EUR". */
const words: ChangeWords = {
  t: ((key: string) => key) as unknown as TFunction,
  money: (minor, currencyId) => `${(minor / 100).toFixed(2)} ${currencyId}`,
  date: (isoDate) => isoDate,
  number: (value) => String(value),
  name: (userId) => ({ [ANA]: 'Ana', [BEN]: 'Ben' })[userId] ?? 'someone',
};

const expense = (change: Partial<Expenditure> = {}): Expenditure => ({
  id: '44444444-4444-4444-8444-444444444444',
  event_id: 'ePPUbBK4SwaFdV-grodJMQ',
  user_id: ANA,
  title: 'Dinner',
  desc: '',
  date: '2026-11-20',
  amount: 3000,
  currency_id: 'EUR',
  category: null,
  split: { mode: 'evenly' },
  payer: [{ user_id: ANA, amount: 3000 }],
  participant: [
    { user_id: ANA, amount: 1500 },
    { user_id: BEN, amount: 1500 },
  ],
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  deleted_at: null,
  ...change,
});

let nextId = 100;
const row = (change: Partial<Activity>): Activity => ({
  id: nextId--,
  entity: 'expenditure',
  entity_id: expense().id,
  action: 'created',
  device_id: null,
  user_id: ANA,
  before: null,
  after: expense(),
  created_at: '2026-11-20T10:00:00.000Z',
  ...change,
});

const event = (change: Partial<Event> = {}): Event => ({
  id: 'ePPUbBK4SwaFdV-grodJMQ',
  name: 'Lisbon trip',
  desc: '',
  image: null,
  currency_id: 'EUR',
  currency: null,
  currency_rates: [],
  users: [
    { id: ANA, event_id: 'ePPUbBK4SwaFdV-grodJMQ', name: 'Ana' },
    { id: BEN, event_id: 'ePPUbBK4SwaFdV-grodJMQ', name: 'Ben' },
  ],
  expenditures: [],
  payments: [],
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:00:00.000Z',
  deleted_at: null,
  ...change,
});

describe('what an edit changed, in words', () => {
  it('names each field whose text changed, before and after, and no other', () => {
    const edit = row({
      action: 'updated',
      before: expense(),
      after: expense({
        title: 'Dinner at Ramiro',
        amount: 4000,
        category: 'food',
        payer: [{ user_id: ANA, amount: 4000 }],
        participant: [
          { user_id: ANA, amount: 2000 },
          { user_id: BEN, amount: 2000 },
        ],
      }),
    });
    expect(changesOf(edit, words)).toEqual([
      { label: 'expense.title', before: 'Dinner', after: 'Dinner at Ramiro' },
      { label: 'expense.amount', before: '30.00 EUR', after: '40.00 EUR' },
      { label: 'expense.category', before: 'expense.noCategory', after: 'category.food' },
      { label: 'expense.paidBy', before: 'Ana 30.00 EUR', after: 'Ana 40.00 EUR' },
      {
        label: 'expense.forWhom',
        before: 'Ana 15.00 EUR, Ben 15.00 EUR',
        after: 'Ana 20.00 EUR, Ben 20.00 EUR',
      },
    ]);
  });

  it('names a change between spent and received, a copy without a kind counting as spent', () => {
    const turned = row({
      action: 'updated',
      before: expense(),
      after: expense({ kind: 'income' }),
    });
    expect(changesOf(turned, words)).toEqual([
      { label: 'expense.kindLabel', before: 'expense.kind.expense', after: 'expense.kind.income' },
    ]);
    const same = row({ action: 'updated', before: expense(), after: expense({ kind: 'expense' }) });
    expect(changesOf(same, words)).toEqual([]);
  });

  it('says nothing for a creation, a deletion or an edit that changed no shown field', () => {
    expect(changesOf(row({ action: 'created' }), words)).toEqual([]);
    expect(
      changesOf(row({ action: 'deleted', before: expense(), after: expense() }), words),
    ).toEqual([]);
    const touched = row({
      action: 'updated',
      before: expense(),
      after: expense({ updated_at: 'x' }),
    });
    expect(changesOf(touched, words)).toEqual([]);
  });

  it('reads a payment, a person and the event by their own fields', () => {
    const payment = row({
      entity: 'payment',
      action: 'updated',
      before: {
        payer_id: ANA,
        payee_id: BEN,
        amount: 500,
        currency_id: 'EUR',
        date: '2026-11-21',
        title: '',
      },
      after: {
        payer_id: BEN,
        payee_id: ANA,
        amount: 500,
        currency_id: 'EUR',
        date: '2026-11-21',
        title: 'Cash',
      },
    });
    expect(changesOf(payment, words).map((change) => change.label)).toEqual([
      'payment.from',
      'payment.to',
      'payment.note',
    ]);
    const rename = row({
      entity: 'user',
      action: 'updated',
      before: { name: 'Ana' },
      after: { name: 'Anna' },
    });
    expect(changesOf(rename, words)).toEqual([
      { label: 'people.name', before: 'Ana', after: 'Anna' },
    ]);
    // A copy from before the default split counts 1.
    const share = row({
      entity: 'user',
      action: 'updated',
      before: { name: 'Ana' },
      after: { name: 'Ana', default_weight: 2 },
    });
    expect(changesOf(share, words)).toEqual([
      { label: 'defaultSplit.share', before: '1', after: '2' },
    ]);
    const rates = row({
      entity: 'event',
      action: 'updated',
      before: { name: 'Trip', desc: '', currency_id: 'EUR', currency_rates: [] },
      after: {
        name: 'Trip',
        desc: '',
        currency_id: 'EUR',
        currency_rates: [{ currency_id: 'USD', exchange_rate: 0.92 }],
      },
    });
    expect(changesOf(rates, words)).toEqual([
      { label: 'currencies.title', before: '', after: 'USD 0.92' },
    ]);
  });
});

describe('the history by day, and what can be restored', () => {
  it('groups rows by the reader’s calendar day, newest first', () => {
    const rows = [
      row({ created_at: '2026-11-21T12:00:00' }),
      row({ created_at: '2026-11-21T08:00:00' }),
      row({ created_at: '2026-11-20T23:00:00' }),
    ];
    expect(groupByDay(rows).map((day) => [day.day, day.rows.length])).toEqual([
      ['2026-11-21', 2],
      ['2026-11-20', 1],
    ]);
  });

  it('offers the newest deletion of an entry that is not in the event now, with the entry as it was', () => {
    const deleted = row({
      action: 'deleted',
      before: expense(),
      after: expense({ deleted_at: 'x' }),
    });
    const older = row({ action: 'deleted', before: expense(), after: expense() });
    const rows = [deleted, row({ action: 'restored' }), older];
    const restorable = restorableRows(rows, event());
    expect([...restorable.keys()]).toEqual([deleted.id]);
    expect(restorable.get(deleted.id)).toEqual({ kind: 'expense', expense: expense() });
    expect(restorableRows(rows, event({ expenditures: [expense()] })).size).toBe(0);
    expect(restorableRows([row({ action: 'restored' }), older], event()).size).toBe(0);
  });

  it('names people removed since by the name the history last gave them', () => {
    const rows = [
      row({
        entity: 'user',
        entity_id: GONE,
        action: 'deleted',
        before: { name: 'Chloé' },
        after: null,
      }),
      row({ entity: 'user', entity_id: GONE, action: 'created', after: { name: 'Chloe' } }),
    ];
    const names = namesOf(rows, event());
    expect(names.get(GONE)).toBe('Chloé');
    expect(names.get(ANA)).toBe('Ana');
  });
});

describe('a restore waiting in the queue', () => {
  const command = (kind: 'expense.restore') => ({
    id: 'q',
    eventId: event().id,
    change: { kind, expense: expense({ deleted_at: '2026-11-21T10:00:00.000Z' }) },
    whoAmI: ANA,
    createdAt: '2026-11-21T10:00:00.000Z',
  });

  it('shows the entry again, live and in date order, and only once', () => {
    const before = expense({ id: '55555555-5555-4555-8555-555555555555', date: '2026-11-19' });
    const after = expense({ id: '66666666-6666-4666-8666-666666666666', date: '2026-11-22' });
    const shown = applyCommand(
      event({ expenditures: [before, after] }),
      command('expense.restore'),
    );
    expect(shown.expenditures.map((e) => e.date)).toEqual([
      '2026-11-19',
      '2026-11-20',
      '2026-11-22',
    ]);
    expect(shown.expenditures[1]?.deleted_at).toBeNull();
    expect(applyCommand(shown, command('expense.restore')).expenditures).toHaveLength(3);
  });
});
