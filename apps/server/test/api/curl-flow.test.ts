import { randomUUID } from 'node:crypto';
import type { Event, Expenditure, Payment } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { readActivity, readBalances, sumOfBalances } from '../support/api-checks';
import { personId } from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';

/** The "Must show" walk-through, call by call, as a client sending the spec's headers. */
describe.each(DATABASES)('the whole flow by API on %s', (kind) => {
  const started = useTestApp(kind);

  it('creates, reads, balances, settles, updates, deletes and shows the history of an event', async () => {
    const api = apiClient(started().app);
    const created = await api.post<{ data: Event }>('/api/events', {
      name: 'Lisbon trip',
      currency_id: 'EUR',
      users: [{ name: 'Ana' }, { name: 'Ben' }, { name: 'Chloé' }],
    });
    expect(created.status).toBe(201);
    const event = created.body.data;
    const [ana, ben, chloe] = ['Ana', 'Ben', 'Chloé'].map((name) => personId(event, name)) as [
      string,
      string,
      string,
    ];
    const asAna = { 'who-am-i': ana };
    const everyone = (amounts: [number, number, number]) =>
      [ana, ben, chloe].map((user_id, index) => ({ user_id, amount: amounts[index] as number }));

    const dinner = {
      id: randomUUID(),
      title: 'Dinner',
      date: '2026-11-20',
      amount: 9000,
      currency_id: 'EUR',
      category: 'food',
      payer: [
        { user_id: ana, amount: 6000 },
        { user_id: ben, amount: 3000 },
      ],
      participant: everyone([3000, 3000, 3000]),
      split: { mode: 'evenly' },
    };
    const taxi = {
      id: randomUUID(),
      title: 'Taxi',
      date: '2026-11-21',
      amount: 8000,
      currency_id: 'USD',
      category: 'transport',
      payer: [{ user_id: chloe, amount: 8000 }],
      participant: everyone([2667, 2667, 2666]),
      split: { mode: 'evenly' },
    };
    const url = `/api/event/${event.id}`;
    expect((await api.post(`${url}/expenditure`, dinner, asAna)).status).toBe(201);
    expect((await api.post(`${url}/expenditure`, taxi, asAna)).status).toBe(201);
    const payment = { id: randomUUID(), payer_id: ben, payee_id: ana, amount: 1000 };
    const paid = await api.post<{ data: Payment }>(`${url}/payments`, payment, asAna);
    expect(paid.status).toBe(201);
    expect(paid.body.data).toMatchObject({ payer_name: 'Ben', payee_name: 'Ana' });

    const read = await api.get<{ data: Event }>(`/api/events/${event.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.users).toHaveLength(3);
    expect(read.body.data.expenditures.map((expense) => expense.title)).toEqual(['Dinner', 'Taxi']);
    expect(read.body.data.payments).toHaveLength(1);

    const balances = await readBalances(api, event.id);
    expect(sumOfBalances(balances)).toBe(0);
    const settled = balances.settlements.reduce((total, transfer) => total + transfer.amount, 0);
    const owed = balances.balances.reduce((total, line) => total + Math.max(line.balance, 0), 0);
    expect(settled).toBe(owed);

    const updated = await api.post<{ data: Expenditure }>(
      `${url}/expenditure`,
      { ...dinner, title: 'Dinner at Ramiro' },
      asAna,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data.title).toBe('Dinner at Ramiro');

    const deleted = await api.del<{ data: Expenditure }>(`${url}/expenditure/${taxi.id}`, asAna);
    expect(deleted.status).toBe(200);
    const after = await api.get<{ data: Event }>(`/api/events/${event.id}`);
    expect(after.body.data.expenditures.map((expense) => expense.title)).toEqual([
      'Dinner at Ramiro',
    ]);
    expect(sumOfBalances(await readBalances(api, event.id))).toBe(0);

    const activity = await readActivity(api, event.id);
    expect(activity.slice(0, 5).map((row) => [row.entity, row.action])).toEqual([
      ['expenditure', 'deleted'],
      ['expenditure', 'updated'],
      ['payment', 'created'],
      ['expenditure', 'created'],
      ['expenditure', 'created'],
    ]);
    const device = started().app.devices.of(event.id, api.deviceId);
    for (const row of activity.slice(0, 5)) {
      expect(row).toMatchObject({ device_id: device, user_id: ana });
    }
    expect(activity).toHaveLength(9);
  });
});
