import type { Event } from '@quits/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEvent, expenseBody, personId } from '../support/fixtures';
import {
  apiClient,
  DATABASES,
  startSecondInstance,
  startTestApp,
  type TestApp,
} from '../support/test-app';

// Several instances only exist on PostgreSQL; PGlite is one process by construction.
describe.runIf(DATABASES.includes('postgres'))('two server instances on one PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await startTestApp('postgres');
    second = await startSecondInstance(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('shows on one instance a change written through the other, without a stale read', async () => {
    const onFirst = apiClient(first.app);
    const onSecond = apiClient(second.app);
    const event = await createEvent(onFirst);
    const ana = personId(event, 'Ana');
    const before = await onFirst.get(`/api/events/${event.id}`);

    const written = await onSecond.post(
      `/api/event/${event.id}/expenditure`,
      expenseBody({ payer: ana, among: [ana], amount: 1200, title: 'Taxi' }),
    );
    expect(written.status).toBe(201);

    await vi.waitFor(
      async () => {
        const after = await onFirst.get<{ data: Event }>(`/api/events/${event.id}`);
        expect(after.headers.etag).not.toBe(before.headers.etag);
        expect(after.body.data.expenditures.map((expense) => expense.title)).toEqual(['Taxi']);
      },
      { timeout: 5_000, interval: 50 },
    );
  });

  it('answers 410 on one instance for an event deleted through the other, and 200 once restored there', async () => {
    const onFirst = apiClient(first.app);
    const event = await createEvent(onFirst);
    expect((await onFirst.get(`/api/events/${event.id}`)).status).toBe(200);

    expect((await apiClient(second.app).del(`/api/events/${event.id}`)).status).toBe(200);
    await vi.waitFor(
      async () => expect((await onFirst.get(`/api/events/${event.id}`)).status).toBe(410),
      { timeout: 5_000, interval: 50 },
    );

    const restored = await apiClient(second.app).post(`/api/events/${event.id}/restore`, {});
    expect(restored.status).toBe(200);
    await vi.waitFor(
      async () => expect((await onFirst.get(`/api/events/${event.id}`)).status).toBe(200),
      { timeout: 5_000, interval: 50 },
    );
  });

  it('reads from the database while its change stream is down, and trusts it again after', async () => {
    const onFirst = apiClient(first.app);
    const event = await createEvent(onFirst);
    const ana = personId(event, 'Ana');
    await onFirst.get(`/api/events/${event.id}`);

    // Cut the first instance's LISTEN connection from the database side.
    await second.database.db.execute(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`,
    );
    await apiClient(second.app).post(
      `/api/event/${event.id}/expenditure`,
      expenseBody({ payer: ana, among: [ana], amount: 500, title: 'Water' }),
    );
    await vi.waitFor(
      async () => {
        const after = await onFirst.get<{ data: Event }>(`/api/events/${event.id}`);
        expect(after.body.data.expenditures.map((expense) => expense.title)).toContain('Water');
      },
      { timeout: 15_000, interval: 100 },
    );
  });
});
