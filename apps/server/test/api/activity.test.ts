import { randomUUID } from 'node:crypto';
import { type Activity, type ActivityPage, activitySchema, LIMITS } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { expectError, expectFieldError, readActivity } from '../support/api-checks';
import { createEvent, expenseBody, paymentBody, personId } from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';

describe.each(DATABASES)('activity on %s', (kind) => {
  const started = useTestApp(kind);

  it('writes one row per change with the device, the "who am I" person, before and after', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const device = started().app.devices.of(event.id, api.deviceId);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    const me = { 'who-am-i': ana };
    const start = (await readActivity(api, event.id)).length;

    const expense = expenseBody({ payer: ana, among: [ana, ben], amount: 3000 });
    const payment = paymentBody({ from: ben, to: ana, amount: 1500 });
    const chloe = randomUUID();
    const steps: [() => Promise<{ status: number }>, Partial<Activity>][] = [
      [
        () => api.post(`/api/event/${event.id}/expenditure`, expense, me),
        { entity: 'expenditure', entity_id: expense.id, action: 'created', before: null },
      ],
      [
        () => api.post(`/api/event/${event.id}/expenditure`, { ...expense, title: 'Lunch' }, me),
        { entity: 'expenditure', entity_id: expense.id, action: 'updated' },
      ],
      [
        () => api.post(`/api/event/${event.id}/payments`, payment, me),
        { entity: 'payment', entity_id: payment.id, action: 'created', before: null },
      ],
      [
        () => api.del(`/api/event/${event.id}/payments/${payment.id}`, me),
        { entity: 'payment', entity_id: payment.id, action: 'deleted' },
      ],
      [
        () => api.post('/api/users', { id: chloe, event_id: event.id, name: 'Chloé' }, me),
        { entity: 'user', entity_id: chloe, action: 'created', before: null },
      ],
      [
        () => api.put(`/api/event/${event.id}/users/${chloe}`, { name: 'Chloe' }, me),
        { entity: 'user', entity_id: chloe, action: 'updated' },
      ],
      [
        () => api.del(`/api/event/${event.id}/users/${chloe}`, me),
        { entity: 'user', entity_id: chloe, action: 'deleted', after: null },
      ],
      [
        () => api.put(`/api/events/${event.id}`, { name: 'Porto' }, me),
        { entity: 'event', entity_id: event.id, action: 'updated' },
      ],
      [
        () => api.del(`/api/event/${event.id}/expenditure/${expense.id}`, me),
        { entity: 'expenditure', entity_id: expense.id, action: 'deleted' },
      ],
    ];
    for (const [index, [change, expected]] of steps.entries()) {
      const answer = await change();
      expect(answer.status, `step ${index}`).toBeLessThan(300);
      const rows = await readActivity(api, event.id);
      expect(rows, `step ${index}`).toHaveLength(start + index + 1);
      const newest = activitySchema.parse(rows[0]);
      expect(newest).toMatchObject({ ...expected, device_id: device, user_id: ana });
      if (newest.action !== 'created') expect(newest.before).not.toBeNull();
      if (newest.action !== 'deleted' || newest.entity !== 'user')
        expect(newest.after).not.toBeNull();
    }

    const rows = await readActivity(api, event.id);
    expect(rows[7]).toMatchObject({
      before: { title: 'Dinner', amount: 3000 },
      after: { title: 'Lunch', amount: 3000 },
    });
    expect(rows[1]).toMatchObject({ before: { name: 'Lisbon trip' }, after: { name: 'Porto' } });
    expect(rows[3]).toMatchObject({ before: { name: 'Chloé' }, after: { name: 'Chloe' } });
  });

  it("credits an event's creation to the creator named among its people, and to nobody else", async () => {
    const api = apiClient(started().app);
    const [ana, ben] = [randomUUID(), randomUUID()];
    const users = [
      { id: ana, name: 'Ana' },
      { id: ben, name: 'Ben' },
    ];
    const created = await api.post<{ data: { id: string } }>(
      '/api/events',
      { name: 'Lisbon trip', currency_id: 'EUR', users },
      { 'who-am-i': ana },
    );
    expect(created.status).toBe(201);
    const rows = await readActivity(api, created.body.data.id);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatchObject({ action: 'created', user_id: ana });

    const stranger = await api.post<{ data: { id: string } }>(
      '/api/events',
      { name: 'Porto', currency_id: 'EUR', users: [{ name: 'Chloé' }] },
      { 'who-am-i': ana },
    );
    expect(stranger.status).toBe(201);
    for (const row of await readActivity(api, stranger.body.data.id)) {
      expect(row.user_id).toBeNull();
    }
  });

  it('records no person when the client sends no Who-Am-I, and another device by its pseudonym', async () => {
    const api = apiClient(started().app);
    const other = apiClient(started().app);
    const event = await createEvent(api, ['Ana']);
    expect((await other.put(`/api/events/${event.id}`, { name: 'Renamed' })).status).toBe(200);
    const [newest, created] = await readActivity(api, event.id);
    const { devices } = started().app;
    expect(newest).toMatchObject({
      device_id: devices.of(event.id, other.deviceId),
      user_id: null,
    });
    expect(created?.device_id).toBe(devices.of(event.id, api.deviceId));
    expect(newest?.device_id).not.toBe(created?.device_id);
  });

  it("never answers a device's id: each device is a pseudonym, its own told to it alone", async () => {
    const api = apiClient(started().app);
    const other = apiClient(started().app);
    const event = await createEvent(api, ['Ana']);
    const second = await createEvent(api, ['Ana']);
    expect((await other.put(`/api/events/${event.id}`, { name: 'Renamed' })).status).toBe(200);

    const mine = await api.get<ActivityPage>(`/api/events/${event.id}/activity`);
    const theirs = await other.get<ActivityPage>(`/api/events/${event.id}/activity`);
    for (const answer of [mine, theirs]) {
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain(api.deviceId);
      expect(text).not.toContain(other.deviceId);
    }
    const [renamed, created] = mine.body.data;
    expect(mine.body.device_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(mine.body.device_id).toBe(created?.device_id);
    expect(theirs.body.device_id).toBe(renamed?.device_id);
    expect(theirs.body.data).toEqual(mine.body.data);

    // Another event knows the same device by another name: none can be followed across events.
    const [elsewhere] = await readActivity(api, second.id);
    expect(elsewhere?.device_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(elsewhere?.device_id).not.toBe(created?.device_id);

    const anonymous = apiClient(started().app);
    const unnamed = await anonymous.get<ActivityPage>(`/api/events/${event.id}/activity`, {
      'device-id': '',
    });
    expect(unnamed.body.device_id).toBeNull();
  });

  it('lists the newest first and pages back with ?before=', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    const titles: string[] = [];
    for (let index = 0; index < LIMITS.activityPageSize + 2; index += 1) {
      const title = `Expense ${index}`;
      titles.push(title);
      const body = expenseBody({ payer: ana, among: [ana, ben], amount: 100 + index, title });
      expect((await api.post(`/api/event/${event.id}/expenditure`, body)).status).toBe(201);
    }
    // 3 rows for the event and its two people, then one per expense.
    const total = 3 + titles.length;

    const first = await readActivity(api, event.id);
    expect(first).toHaveLength(LIMITS.activityPageSize);
    expect(first[0]).toMatchObject({ action: 'created', after: { title: titles.at(-1) } });
    const firstTitles = first.map((row) => (row.after as { title: string }).title);
    expect(firstTitles).toEqual(titles.slice(-LIMITS.activityPageSize).reverse());

    const last = first.at(-1)?.id;
    const second = await readActivity(api, event.id, `?before=${last}`);
    expect(second).toHaveLength(total - LIMITS.activityPageSize);
    const all = [...first, ...second];
    const ids = all.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(total);
    expect(all.at(-1)).toMatchObject({ entity: 'event', action: 'created' });
    expect(await readActivity(api, event.id, `?before=${second.at(-1)?.id}`)).toEqual([]);
    const times = all.map((row) => Date.parse(row.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // Decimal digits only: `0x10` is no id, nor is `1e3`, `+16`, ` 16` or `16.0`.
    for (const before of ['abc', '0x10', '1e3', '%2B16', '%2016', '16.0', '0', '']) {
      expectFieldError(
        await api.get(`/api/events/${event.id}/activity?before=${before}`),
        'querystring.before',
      );
    }
  });

  it('writes no history for refused writes or replays', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    const expense = expenseBody({ payer: ana, among: [ana, ben], amount: 3000 });
    await api.post(`/api/event/${event.id}/expenditure`, expense);
    const before = await readActivity(api, event.id);

    expectError(
      await api.post(`/api/event/${event.id}/expenditure`, { ...expense, amount: 1 }),
      422,
    );
    expectError(
      await api.post(`/api/event/${event.id}/expenditure`, { ...expense, currency_id: 'XYZ' }),
      422,
    );
    expectError(await api.post('/api/users', { event_id: event.id, name: 'ANA' }), 422);
    expectError(await api.del(`/api/event/${event.id}/users/${ben}`), 409);
    expectError(
      await api.post(
        `/api/event/${event.id}/payments`,
        paymentBody({ from: ana, to: ana, amount: 5 }),
      ),
      422,
    );
    expectError(await api.put(`/api/events/${event.id}`, { currency_id: 'XYZ' }), 422);
    expect((await api.post(`/api/event/${event.id}/expenditure`, expense)).status).toBe(200);
    expect((await api.put(`/api/event/${event.id}/users/${ana}`, { name: 'Ana' })).status).toBe(
      200,
    );
    expect((await api.put(`/api/events/${event.id}`, {})).status).toBe(200);

    expect(await readActivity(api, event.id)).toEqual(before);
  });

  it('refuses a malformed Who-Am-I header with 400 and writes nothing', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana']);
    const before = await readActivity(api, event.id);
    const body = expectError(
      await api.put(`/api/events/${event.id}`, { name: 'X' }, { 'who-am-i': 'Ana' }),
      400,
    );
    expect(body.message).toMatch(/Who-Am-I/);
    expect(await readActivity(api, event.id)).toEqual(before);
  });
});
