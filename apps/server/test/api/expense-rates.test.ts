import type { DatedRates, Event, Expenditure } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { balanceOf, readBalances } from '../support/api-checks';
import { createEvent, expenseBody, personId } from '../support/fixtures';
import { type ApiClient, apiClient, DATABASES, useTestApp } from '../support/test-app';

describe.each(DATABASES)('expenses converted at the rate of their date on %s', (kind) => {
  const started = useTestApp(kind);

  async function save(api: ApiClient, event: Event, body: Record<string, unknown>) {
    const answer = await api.post<{ data: Expenditure }>(
      `/api/event/${event.id}/expenditure`,
      body,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return answer.body.data;
  }

  async function usdExpense(api: ApiClient, extra: Record<string, unknown> = {}) {
    const event = await createEvent(api, ['Ana', 'Ben'], extra);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    const body = {
      ...expenseBody({ payer: ana, among: [ben], amount: 10_000, currency_id: 'USD' }),
      date: '2024-03-15',
    };
    return { event, ana, ben, body, expense: await save(api, event, body) };
  }

  it("converts 100.00 USD dated 2024-03-15 at that day's ECB rate (1 EUR = 1.0892 USD)", async () => {
    const api = apiClient(started().app);
    const { event, ana, ben, expense } = await usdExpense(api);
    expect(expense.rate).toEqual({
      value: 0.91810503,
      currency_id: 'EUR',
      date: '2024-03-15',
      source: 'ecb',
    });
    expect(balanceOf(await readBalances(api, event.id))).toEqual({ [ana]: 9181, [ben]: -9181 });
    const read = await api.get<{ data: Event }>(`/api/events/${event.id}`);
    expect(read.body.data.expenditures[0]?.rate?.date).toBe('2024-03-15');
  });

  it('takes the Friday for a Sunday and follows a changed date', async () => {
    const api = apiClient(started().app);
    const { event, body } = await usdExpense(api);
    const sunday = await save(api, event, { ...body, date: '2024-03-17' });
    expect(sunday.rate?.date).toBe('2024-03-15');
    const later = await save(api, event, { ...body, date: '2024-03-29' });
    expect(later.rate).toMatchObject({
      date: '2024-03-28',
      value: Number((1 / 1.0811).toPrecision(8)),
    });
  });

  it('keeps a rate the person typed through edits, and goes back to the ECB rate when it is cleared', async () => {
    const api = apiClient(started().app);
    const { event, ana, ben, body } = await usdExpense(api);
    const typed = await save(api, event, { ...body, rate: { source: 'manual', value: 0.95 } });
    expect(typed.rate).toEqual({
      value: 0.95,
      currency_id: 'EUR',
      date: '2024-03-15',
      source: 'manual',
    });
    expect(balanceOf(await readBalances(api, event.id))).toEqual({ [ana]: 9500, [ben]: -9500 });
    const retitled = await save(api, event, { ...body, title: 'Taxi' });
    expect(retitled.rate?.source).toBe('manual');
    const cleared = await save(api, event, { ...body, title: 'Taxi', rate: null });
    expect(cleared.rate?.source).toBe('ecb');
  });

  it('counts the amount really charged exactly, with the rate it implies', async () => {
    const api = apiClient(started().app);
    const { event, ana, ben, body } = await usdExpense(api);
    const charged = await save(api, event, {
      ...body,
      rate: { source: 'charged', charged_amount: 9_343 },
    });
    expect(charged.rate).toMatchObject({ source: 'charged', charged_amount: 9_343 });
    expect(charged.rate?.value).toBeCloseTo(0.9343, 12);
    expect(balanceOf(await readBalances(api, event.id))).toEqual({ [ana]: 9343, [ben]: -9343 });
  });

  it("uses the event's own rate for the currency when it fixes one, as before", async () => {
    const api = apiClient(started().app);
    const { event, ana, ben, expense } = await usdExpense(api, {
      currency_rates: [{ currency_id: 'USD', exchange_rate: 0.9 }],
    });
    expect(expense.rate).toEqual({ value: 0.9, currency_id: 'EUR', date: null, source: 'event' });
    expect(balanceOf(await readBalances(api, event.id))).toEqual({ [ana]: 9000, [ben]: -9000 });
  });

  it('keeps no rate for an expense in the event currency', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana']);
    const ana = personId(event, 'Ana');
    const expense = await save(api, event, expenseBody({ payer: ana, among: [ana], amount: 500 }));
    expect(expense.rate).toBeNull();
  });

  it('refuses a typed rate without a value and a charged rate without an amount (422)', async () => {
    const api = apiClient(started().app);
    const { event, body } = await usdExpense(api);
    for (const rate of [
      { source: 'manual' },
      { source: 'charged' },
      { source: 'manual', value: -1 },
    ]) {
      const answer = await api.post(`/api/event/${event.id}/expenditure`, { ...body, rate });
      expect(answer.status, JSON.stringify(rate)).toBe(422);
    }
  });

  it("answers a day's ECB rates, the last published day on or before it", async () => {
    const api = apiClient(started().app);
    const answer = await api.get<{ data: DatedRates }>('/api/currencies/rates/2024-03-17');
    expect(answer.status).toBe(200);
    expect(answer.body.data.date).toBe('2024-03-15');
    expect(answer.body.data.per_euro.USD).toBe(1.0892);
    const before = await api.get<{ data: DatedRates }>('/api/currencies/rates/1998-06-01');
    expect(before.body.data).toEqual({ date: null, per_euro: {} });
    expect((await api.get('/api/currencies/rates/2024-02-30')).status).toBe(422);
  });

  it('exports the rate used and imports it as it was, charged amount included', async () => {
    const api = apiClient(started().app);
    const { event, body } = await usdExpense(api);
    await save(api, event, { ...body, rate: { source: 'charged', charged_amount: 9_343 } });
    const file = await api.get<{ expenditures: Expenditure[] }>(
      `/api/events/${event.id}/export?format=json`,
    );
    expect(file.body.expenditures[0]?.rate).toMatchObject({
      source: 'charged',
      charged_amount: 9_343,
    });
    const imported = await api.post<{ data: Event }>('/api/events/import', file.body);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const copy = imported.body.data;
    expect(copy.expenditures[0]?.rate).toEqual(file.body.expenditures[0]?.rate);
    const balances = await readBalances(api, copy.id);
    expect(Object.values(balanceOf(balances)).sort((a, b) => a - b)).toEqual([-9343, 9343]);
  });

  it("never keeps a device's own rate as the ECB's", async () => {
    const api = apiClient(started().app);
    const { event, ana, ben, body } = await usdExpense(api);
    // A rate the ECB published that day: the server's own value, whatever was sent.
    const claimed = await save(api, event, {
      ...body,
      rate: { source: 'ecb', value: 5, currency_id: 'EUR', date: '2024-03-15' },
    });
    expect(claimed.rate).toEqual({
      value: 0.91810503,
      currency_id: 'EUR',
      date: '2024-03-15',
      source: 'ecb',
    });
    // A currency the ECB never quoted: no ECB rate at all.
    const kpw = {
      ...expenseBody({ payer: ana, among: [ben], amount: 10_000, currency_id: 'KPW' }),
      date: '2020-01-01',
      rate: { source: 'ecb', value: 1_000_000_000, currency_id: 'EUR', date: '2020-01-01' },
    };
    const invented = await save(api, event, kpw);
    expect(invented.rate?.source).not.toBe('ecb');
    expect(invented.rate?.value).not.toBe(1_000_000_000);

    // A file's ECB rate: the server's where it has one, else kept as a rate someone gave.
    const file = await api.get<{ expenditures: (Expenditure & Record<string, unknown>)[] }>(
      `/api/events/${event.id}/export?format=json`,
    );
    const expenditures = file.body.expenditures.map((expense) =>
      expense.currency_id === 'KPW'
        ? { ...expense, rate: { ...kpw.rate } }
        : { ...expense, rate: { ...expense.rate, value: 5 } },
    );
    const imported = await api.post<{ data: Event }>('/api/events/import', {
      ...file.body,
      expenditures,
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const rates = Object.fromEntries(
      imported.body.data.expenditures.map((expense) => [expense.currency_id, expense.rate]),
    );
    expect(rates.USD).toMatchObject({ source: 'ecb', value: 0.91810503 });
    expect(rates.KPW).toMatchObject({ source: 'manual', value: 1_000_000_000 });
  });
});
