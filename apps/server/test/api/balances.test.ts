import { type Balances, balancesSchema, type CurrencyList, type Event } from '@quits/contract';
import { RATES_SNAPSHOT } from '@server/currencies/rates-snapshot';
import { describe, expect, it } from 'vitest';
import { balanceOf, readBalances, sumOfBalances } from '../support/api-checks';
import { createEvent, expenseBody, paymentBody, personId } from '../support/fixtures';
import { type ApiClient, apiClient, DATABASES, useTestApp } from '../support/test-app';

describe.each(DATABASES)('balances and settlement on %s', (kind) => {
  const started = useTestApp(kind);

  async function expense(api: ApiClient, event: Event, body: Record<string, unknown>) {
    const answer = await api.post(`/api/event/${event.id}/expenditure`, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  }

  async function payment(api: ApiClient, event: Event, body: Record<string, unknown>) {
    const answer = await api.post(`/api/event/${event.id}/payments`, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  }

  it('gives Ana +1500 and Ben −1500 when Ana pays 3000 for both, and 0 each after Ben pays her back', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    await expense(api, event, expenseBody({ payer: ana, among: [ana, ben], amount: 3000 }));

    const owed = balancesSchema.parse(await readBalances(api, event.id));
    expect(owed.currency_id).toBe('EUR');
    expect(owed.balances).toEqual(
      expect.arrayContaining([
        {
          user_id: ana,
          paid: 3000,
          share: 1500,
          payments_made: 0,
          payments_received: 0,
          balance: 1500,
        },
        {
          user_id: ben,
          paid: 0,
          share: 1500,
          payments_made: 0,
          payments_received: 0,
          balance: -1500,
        },
      ]),
    );
    expect(owed.settlements).toEqual([{ from_user_id: ben, to_user_id: ana, amount: 1500 }]);
    expect(owed.missing_rates).toEqual([]);

    await payment(api, event, paymentBody({ from: ben, to: ana, amount: 1500 }));
    const settled = await readBalances(api, event.id);
    expect(balanceOf(settled)).toEqual({ [ana]: 0, [ben]: 0 });
    expect(settled.balances.find((line) => line.user_id === ben)?.payments_made).toBe(1500);
    expect(settled.balances.find((line) => line.user_id === ana)?.payments_received).toBe(1500);
    expect(settled.settlements).toEqual([]);
  });

  it('sums to zero with a multi-payer EUR expense, a USD expense and a payment, and booking every settlement leaves nobody owing', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const [ana, ben, chloe] = ['Ana', 'Ben', 'Chloé'].map((name) => personId(event, name)) as [
      string,
      string,
      string,
    ];
    await expense(api, event, {
      ...expenseBody({ payer: ana, among: [ana, ben, chloe], amount: 9000 }),
      payer: [
        { user_id: ana, amount: 6000 },
        { user_id: ben, amount: 3000 },
      ],
    });
    await expense(
      api,
      event,
      expenseBody({ payer: chloe, among: [ana, ben, chloe], amount: 8000, currency_id: 'USD' }),
    );
    await payment(api, event, paymentBody({ from: ben, to: ana, amount: 1000 }));

    const before = await readBalances(api, event.id);
    expect(sumOfBalances(before)).toBe(0);
    expect(before.balances.every((line) => Number.isInteger(line.balance))).toBe(true);
    expect(before.missing_rates).toEqual([]);
    expect(before.settlements.length).toBeGreaterThan(0);
    expect(before.settlements.length).toBeLessThanOrEqual(2);

    for (const transfer of before.settlements) {
      await payment(
        api,
        event,
        paymentBody({
          from: transfer.from_user_id,
          to: transfer.to_user_id,
          amount: transfer.amount,
        }),
      );
    }
    const after = await readBalances(api, event.id);
    expect(after.balances.map((line) => line.balance)).toEqual([0, 0, 0]);
    expect(after.settlements).toEqual([]);
  });

  it("counts 80.00 USD as 100.00 EUR when the event's own rate for USD is 1.25", async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben'], {
      currency_rates: [{ currency_id: 'USD', exchange_rate: 1.25 }],
    });
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    await expense(
      api,
      event,
      expenseBody({ payer: ana, among: [ben], amount: 8000, currency_id: 'USD' }),
    );
    const balances = await readBalances(api, event.id);
    expect(balanceOf(balances)).toEqual({ [ana]: 10000, [ben]: -10000 });
    expect(balances.balances.find((line) => line.user_id === ana)?.paid).toBe(10000);
    expect(balances.settlements).toEqual([{ from_user_id: ben, to_user_id: ana, amount: 10000 }]);
  });

  it('converts a currency the event has no rate for at the global rates', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    // 1,000 JPY at 176.99 JPY per EUR is 5.65 EUR (565.004… cents, rounded).
    await expense(
      api,
      event,
      expenseBody({ payer: ana, among: [ben], amount: 1000, currency_id: 'JPY' }),
    );
    const expected = Math.round((1000 * 100) / RATES_SNAPSHOT.per_euro.JPY);
    expect(expected).toBe(565);
    expect(balanceOf(await readBalances(api, event.id))).toEqual({
      [ana]: expected,
      [ben]: -expected,
    });
  });

  it('keeps the amount and lists the currency in missing_rates when it has no rate at all', async () => {
    const api = apiClient(started().app);
    const list = await api.get<{ data: CurrencyList }>('/api/currencies');
    const unrated = list.body.data.data.find(
      (currency) => currency.rate === null && currency.decimals === 2,
    );
    if (!unrated) throw new Error('every two-digit currency has a rate');

    const event = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    await expense(
      api,
      event,
      expenseBody({ payer: ana, among: [ana, ben], amount: 1000, currency_id: unrated.id }),
    );
    const balances: Balances = await readBalances(api, event.id);
    expect(balances.missing_rates).toEqual([unrated.id]);
    expect(balanceOf(balances)).toEqual({ [ana]: 500, [ben]: -500 });
    expect(sumOfBalances(balances)).toBe(0);
  });

  it('recomputes balances in the new currency when the event changes currency', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    await expense(api, event, expenseBody({ payer: ana, among: [ben], amount: 10000 }));
    const changed = await api.put(`/api/events/${event.id}`, {
      currency_id: 'USD',
      currency_rates: [{ currency_id: 'EUR', exchange_rate: 1.1 }],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const balances = await readBalances(api, event.id);
    expect(balances.currency_id).toBe('USD');
    expect(balanceOf(balances)).toEqual({ [ana]: 11000, [ben]: -11000 });
    const read = await api.get<{ data: Event }>(`/api/events/${event.id}`);
    expect(read.body.data.expenditures[0]).toMatchObject({ amount: 10000, currency_id: 'EUR' });
  });

  it('splits a foreign expense so that uneven shares still sum to zero', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben', 'Chloé'], {
      currency_rates: [{ currency_id: 'USD', exchange_rate: 0.9137 }],
    });
    const ids = event.users.map((user) => user.id);
    for (const amount of [1001, 3337, 9999, 1]) {
      await expense(
        api,
        event,
        expenseBody({ payer: ids[amount % 3] as string, among: ids, amount, currency_id: 'USD' }),
      );
    }
    const balances = await readBalances(api, event.id);
    expect(sumOfBalances(balances)).toBe(0);
    const shares = balances.balances.reduce((total, line) => total + line.share, 0);
    const paid = balances.balances.reduce((total, line) => total + line.paid, 0);
    expect(shares).toBe(paid);
  });
});
