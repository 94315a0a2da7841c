import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readActivity } from '../support/api-checks';
import { createEvent, expenseBody, paymentBody, personId } from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';

/** n, n−1, … 1: the ids of an event's whole history, newest first. */
const countdown = (n: number) => Array.from({ length: n }, (_, index) => n - index);

describe.each(DATABASES)('history ids on %s', (kind) => {
  const started = useTestApp(kind);

  it("number each event's history from 1, whatever other events write", async () => {
    const api = apiClient(started().app);
    const mine = await createEvent(api, ['Ana', 'Ben']);
    const busy = await createEvent(api, ['Zoé']);
    const zoe = personId(busy, 'Zoé');
    for (let index = 0; index < 5; index += 1) {
      const expense = expenseBody({ payer: zoe, among: [zoe], amount: 100 + index });
      expect((await api.post(`/api/event/${busy.id}/expenditure`, expense)).status).toBe(201);
    }
    const ana = personId(mine, 'Ana');
    const expense = expenseBody({ payer: ana, among: [ana], amount: 700 });
    expect((await api.post(`/api/event/${mine.id}/expenditure`, expense)).status).toBe(201);

    const history = await readActivity(api, mine.id);
    expect(history.map((row) => row.id)).toEqual(countdown(4));
    expect((await readActivity(api, busy.id)).map((row) => row.id)).toEqual(countdown(7));
    expect(await readActivity(api, mine.id, '?before=4')).toEqual(history.slice(1));
    // An id beyond any event's numbers (one of the old server-wide ids, say) is no bound.
    const far = String(Number.MAX_SAFE_INTEGER);
    expect(await readActivity(api, mine.id, `?before=${far}`)).toEqual(history);
  });

  it('number every kind of change in the order it was made, with no gaps', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    const base = `/api/event/${event.id}`;
    const expense = expenseBody({ payer: ana, among: [ana, ben], amount: 900 });
    const payment = paymentBody({ from: ben, to: ana, amount: 450 });
    const chloe = randomUUID();
    const run = async (call: () => Promise<{ status: number }>, status: number) => {
      expect((await call()).status).toBe(status);
    };
    await run(() => api.post(`${base}/expenditure`, expense), 201);
    await run(() => api.post(`${base}/expenditure`, { ...expense, title: 'Late supper' }), 200);
    await run(() => api.del(`${base}/expenditure/${expense.id}`), 200);
    await run(() => api.post(`${base}/expenditure/${expense.id}/restore`, undefined), 200);
    await run(() => api.post(`${base}/payments`, payment), 201);
    await run(() => api.post('/api/users', { id: chloe, event_id: event.id, name: 'Chloé' }), 201);
    await run(() => api.put(`${base}/users/${chloe}`, { name: 'Chloe' }), 200);
    await run(() => api.del(`${base}/users/${chloe}`), 200);
    await run(() => api.put(`/api/events/${event.id}`, { name: 'Porto trip' }), 200);

    const history = await readActivity(api, event.id);
    expect(history.map((row) => row.id)).toEqual(countdown(3 + 9));
    expect(history.map((row) => `${row.entity} ${row.action}`)).toEqual([
      'event updated',
      'user deleted',
      'user updated',
      'user created',
      'payment created',
      'expenditure restored',
      'expenditure deleted',
      'expenditure updated',
      'expenditure created',
      'user created',
      'user created',
      'event created',
    ]);
  });
});
