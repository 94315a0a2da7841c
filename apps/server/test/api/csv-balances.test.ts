import type { Event } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { balancesFromCsv, exportCsv } from '../support/csv-ledger';
import { createEvent, expenseBody, paymentBody, personId } from '../support/fixtures';
import { balancesByName } from '../support/random-event';
import { type ApiClient, apiClient, DATABASES, useTestApp } from '../support/test-app';

/**
 * Money in other currencies than the event's, where summing the file could go wrong: two payers
 * of a USD expense (the event's rate), two of a JPY one (a typed rate), an income in GBP (a typed
 * rate) and a payment in USD.
 */
async function foreignEvent(api: ApiClient): Promise<Event> {
  const event = await createEvent(api, ['Ana', 'Ben', 'Chloé'], {
    currency_rates: [{ currency_id: 'USD', exchange_rate: 0.9137 }],
  });
  const [ana, ben, chloe] = ['Ana', 'Ben', 'Chloé'].map((name) => personId(event, name)) as [
    string,
    string,
    string,
  ];
  const everyone = [ana, ben, chloe];
  const bodies = [
    {
      ...expenseBody({ payer: ana, among: everyone, amount: 10001, currency_id: 'USD' }),
      payer: [
        { user_id: ana, amount: 3333 },
        { user_id: ben, amount: 6668 },
      ],
    },
    {
      ...expenseBody({ payer: chloe, among: everyone, amount: 12345, currency_id: 'JPY' }),
      title: 'Ramen',
      payer: [
        { user_id: chloe, amount: 5000 },
        { user_id: ana, amount: 7345 },
      ],
      rate: { source: 'manual', value: 0.006173 },
    },
    {
      ...expenseBody({ payer: ben, among: [ana, chloe], amount: 5001, currency_id: 'GBP' }),
      title: 'Deposit back',
      kind: 'income',
      rate: { source: 'manual', value: 1.1719 },
    },
  ];
  for (const body of bodies) {
    const answer = await api.post(`/api/event/${event.id}/expenditure`, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  }
  const payment = paymentBody({ from: chloe, to: ana, amount: 1000, currency_id: 'USD' });
  const paid = await api.post(`/api/event/${event.id}/payments`, payment);
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  return event;
}

/**
 * Whoever sums the CSV gets every balance exactly: each person's net column, or what they paid
 * less their shares, adds up to their balance as GET /balances gives it, to the minor unit, and
 * the closing row is that balance. Random events in several currencies are summed in
 * ledger-paths.test.ts, with every other path of the money.
 */
describe.each(DATABASES)('balances rebuilt from the CSV export on %s', (kind) => {
  const started = useTestApp(kind);

  it('sums to every balance for foreign expenses with two payers, an income and a payment', async () => {
    const api = apiClient(started().app);
    const event = await foreignEvent(api);
    const balances = await balancesByName(api, event);
    const csv = await exportCsv(started().app, event);
    const rebuilt = balancesFromCsv(csv, 2);
    expect(rebuilt.byNets).toEqual(balances);
    expect(rebuilt.byPaidLessShares).toEqual(balances);
    expect(rebuilt.closing).toEqual(balances);
    // The payers' parts are in euros and add up to the converted amount (100.01 USD at 0.9137).
    expect(csv).toContain('"USD",91.38,"Ana 30.45; Ben 60.93"');
  });
});
