import { randomUUID } from 'node:crypto';

const PEOPLE = ['Ana', 'Ben', 'Chloé', 'Dai'];

/**
 * A Quits export (the body of POST /api/events/import) of a large event: four people,
 * `expenses` dinners paid by one of them for all, and `payments` between two of them, spread
 * over the days of 2025 so that a statement from a given day lists fewer.
 */
export function bigEventImport(expenses: number, payments: number): string {
  const people = PEOPLE.map((name) => ({ id: randomUUID(), name }));
  const ids = people.map((person) => person.id);
  const day = (index: number) =>
    new Date(Date.UTC(2025, 0, 1 + (index % 365))).toISOString().slice(0, 10);
  const expenditures = Array.from({ length: expenses }, (_, index) => ({
    id: randomUUID(),
    title: `Dinner ${index} 晚餐`,
    date: day(index),
    amount: 400 + (index % 97),
    currency_id: 'EUR',
    payer: [{ user_id: ids[index % ids.length], amount: 400 + (index % 97) }],
    participant: ids.map((user_id, at) => ({
      user_id,
      amount: Math.floor((400 + (index % 97)) / 4) + (at < (400 + (index % 97)) % 4 ? 1 : 0),
    })),
    split: { mode: 'evenly' },
  }));
  const paymentRows = Array.from({ length: payments }, (_, index) => ({
    id: randomUUID(),
    date: day(index),
    title: 'Settle up',
    payer_id: ids[index % ids.length],
    payee_id: ids[(index + 1) % ids.length],
    amount: 100 + (index % 50),
    currency_id: 'EUR',
  }));
  return JSON.stringify({
    format: 'quits-event',
    version: 1,
    event: { name: 'A long year', desc: '', image: null, currency_id: 'EUR', currency_rates: [] },
    people,
    expenditures,
    payments: paymentRows,
  });
}

/** A Splitwise group export of `rows` expenses among four people, as its import body. */
export function splitwiseImport(rows: number): string {
  const lines = [`Date,Description,Category,Cost,Currency,${PEOPLE.join(',')}`];
  for (let index = 0; index < rows; index += 1) {
    lines.push(
      `2025-03-${String(1 + (index % 28)).padStart(2, '0')},Groceries ${index},Groceries,40.00,EUR,30.00,-10.00,-10.00,-10.00`,
    );
  }
  return JSON.stringify({ format: 'splitwise-csv', name: 'Flat', csv: lines.join('\n') });
}
