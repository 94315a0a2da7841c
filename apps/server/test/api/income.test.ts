import type { Event, EventExport, Expenditure } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import {
  balanceOf,
  expectFieldError,
  readActivity,
  readBalances,
  readState,
  sumOfBalances,
} from '../support/api-checks';
import { createEvent, expenseBody, personId } from '../support/fixtures';
import { type ApiClient, apiClient, DATABASES, useTestApp } from '../support/test-app';

describe.each(DATABASES)('money the group received (income) on %s', (kind) => {
  const started = useTestApp(kind);

  async function post(api: ApiClient, event: Event, body: Record<string, unknown>) {
    const answer = await api.post<{ data: Expenditure }>(
      `/api/event/${event.id}/expenditure`,
      body,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return answer.body.data;
  }

  it('turns the signs: Ana received a 90.00 refund for three, so she owes Ben and Chloé 30.00 each', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben', 'Chloé']);
    const [ana, ben, chloe] = ['Ana', 'Ben', 'Chloé'].map((name) => personId(event, name));
    const body = {
      ...expenseBody({
        payer: ana ?? '',
        among: [ana ?? '', ben ?? '', chloe ?? ''],
        amount: 9000,
      }),
      kind: 'income',
      title: 'Deposit back',
    };
    const income = await post(api, event, body);
    expect(income.kind).toBe('income');
    expect(income.amount).toBe(9000);

    const balances = await readBalances(api, event.id);
    expect(sumOfBalances(balances)).toBe(0);
    const owed = balanceOf(balances);
    expect([ana, ben, chloe].map((id) => owed[id ?? ''])).toEqual([-6000, 3000, 3000]);
    expect(balances.settlements).toEqual(
      expect.arrayContaining([
        { from_user_id: ana, to_user_id: ben, amount: 3000 },
        { from_user_id: ana, to_user_id: chloe, amount: 3000 },
      ]),
    );

    // A replay of the same body changes nothing; the history keeps the kind.
    const state = await readState(api, event.id);
    await post(api, event, body);
    expect((await readState(api, event.id)).etag).toBe(state.etag);
    const [created] = await readActivity(api, event.id);
    expect(created?.after).toMatchObject({ kind: 'income', title: 'Deposit back' });
  });

  it('keeps an income an income through an edit that leaves the kind out, and turns it back when asked', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    const body = {
      ...expenseBody({ payer: ana, among: [ana, ben], amount: 2000 }),
      kind: 'income',
    };
    await post(api, event, body);

    // An older client's edit does not know the kind: the title changes, the income stays.
    const { kind: _left, ...withoutKind } = body;
    const renamed = await post(api, event, { ...withoutKind, title: 'Winnings' });
    expect(renamed).toMatchObject({ kind: 'income', title: 'Winnings' });
    expect(balanceOf(await readBalances(api, event.id))[ben]).toBe(1000);

    const spent = await post(api, event, { ...body, title: 'Winnings', kind: 'expense' });
    expect(spent.kind).toBe('expense');
    expect(balanceOf(await readBalances(api, event.id))[ben]).toBe(-1000);
    const [updated] = await readActivity(api, event.id);
    expect(updated?.before).toMatchObject({ kind: 'income' });
    expect(updated?.after).toMatchObject({ kind: 'expense' });
  });

  it('merges a kind changed on one device with a title changed on another', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    const body = expenseBody({ payer: ana, among: [ana, ben], amount: 2000 });
    const first = await post(api, event, body);
    const base = {
      kind: first.kind,
      title: first.title,
      desc: first.desc,
      date: first.date,
      amount: first.amount,
      currency_id: first.currency_id,
      category: first.category,
      split: first.split,
      payer: first.payer,
      participant: first.participant,
      receipt_id: first.receipt_id,
    };
    await post(api, event, { ...body, title: 'Lottery', base });
    const merged = await post(api, event, { ...body, kind: 'income', base });
    expect(merged).toMatchObject({ kind: 'income', title: 'Lottery' });
  });

  it('counts an income in another currency at its rate, and the balances still sum to zero', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben', 'Chloé']);
    const ids = ['Ana', 'Ben', 'Chloé'].map((name) => personId(event, name));
    await api.put(`/api/events/${event.id}`, {
      currency_rates: [{ currency_id: 'USD', exchange_rate: 0.5 }],
    });
    const income = await post(api, event, {
      ...expenseBody({ payer: ids[1] ?? '', among: ids, amount: 1001, currency_id: 'USD' }),
      kind: 'income',
    });
    expect(income.kind).toBe('income');
    const balances = await readBalances(api, event.id);
    expect(sumOfBalances(balances)).toBe(0);
    const owed = balanceOf(balances);
    // 10.01 USD at 0.50 is 5.01 EUR (rounded half up), held by Ben and shared by three.
    expect(owed[ids[1] ?? '']).toBeLessThan(0);
    expect(-(owed[ids[1] ?? ''] ?? 0)).toBe((owed[ids[0] ?? ''] ?? 0) + (owed[ids[2] ?? ''] ?? 0));
  });

  it('refuses a kind it does not know, by code, and writes nothing', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana']);
    const ana = personId(event, 'Ana');
    const before = await readState(api, event.id);
    const refusal = expectFieldError(
      await api.post(`/api/event/${event.id}/expenditure`, {
        ...expenseBody({ payer: ana, among: [ana], amount: 100 }),
        kind: 'gift',
      }),
      'kind',
    );
    expect(refusal.error_codes?.kind?.[0]?.code).toEqual(expect.any(String));
    expect(await readState(api, event.id)).toEqual(before);
  });

  it('carries the kind through the JSON export and import, and writes an income negative in the CSV', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    await post(api, event, {
      ...expenseBody({ payer: ana, among: [ana, ben], amount: 4000, title: 'Hotel' }),
    });
    await post(api, event, {
      ...expenseBody({ payer: ben, among: [ana, ben], amount: 1000, title: 'Refund' }),
      kind: 'income',
    });
    const file = await api.get<EventExport>(`/api/events/${event.id}/export?format=json`);
    expect(file.body.expenditures.map((expense) => [expense.title, expense.kind])).toEqual(
      expect.arrayContaining([
        ['Hotel', 'expense'],
        ['Refund', 'income'],
      ]),
    );
    const imported = await api.post<{ data: Event }>('/api/events/import', file.body);
    expect(imported.status).toBe(201);
    const copy = imported.body.data;
    expect(copy.expenditures.find((expense) => expense.title === 'Refund')?.kind).toBe('income');
    expect(balanceOf(await readBalances(api, copy.id))).toEqual(
      Object.fromEntries(
        Object.entries(balanceOf(await readBalances(api, event.id))).map(([id, balance]) => [
          personId(copy, id === ana ? 'Ana' : 'Ben'),
          balance,
        ]),
      ),
    );

    const csv = await started().app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/export?format=csv`,
    });
    const refundRow = csv.body.split('\n').find((line) => line.includes('Refund'));
    expect(refundRow?.trim()).toBe(
      // Shares, then nets: Ben holds the 10.00 of both, so it moves Ana's balance up and his down.
      '"2026-11-20","income","Refund","",-10.00,"EUR",-10.00,"Ben",-5.00,-5.00,5.00,-5.00',
    );
  });

  it('reads a Splitwise refund (a negative cost) as an income that moves each person by their net', async () => {
    const api = apiClient(started().app);
    const csv = [
      'Date,Description,Category,Cost,Currency,Ana,Ben',
      '2026-10-01,Hotel,General,100.00,EUR,50.00,-50.00',
      '2026-10-02,Hotel refund,General,-40.00,EUR,-20.00,20.00',
    ].join('\n');
    const answer = await api.post<{ data: Event }>('/api/events/import', {
      format: 'splitwise-csv',
      name: 'Trip',
      csv,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const event = answer.body.data;
    const refund = event.expenditures.find((expense) => expense.title === 'Hotel refund');
    expect(refund).toMatchObject({ kind: 'income', amount: 4000 });
    const owed = balanceOf(await readBalances(api, event.id));
    expect([owed[personId(event, 'Ana')], owed[personId(event, 'Ben')]]).toEqual([3000, -3000]);
  });
});
