import { randomUUID } from 'node:crypto';
import { type Event, eventGoneSchema, LIMITS } from '@quits/contract';
import {
  activities,
  eventCurrencyRates,
  events,
  expenditures,
  payments,
  pushSubscriptions,
  receipts,
  users,
} from '@server/db/schema';
import { purgeDeletedEvents } from '@server/events/event-purge';
import { subscriptionsOf } from '@server/push/subscription-store';
import { broadcastsOf } from '@server/realtime/broadcasts';
import type { EventChange } from '@server/realtime/change-feed';
import { insertReceipt } from '@server/receipts/receipt-store';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectError, readActivity, readState } from '../support/api-checks';
import { createEvent, expenseBody, paymentBody, personId } from '../support/fixtures';
import { type ApiClient, apiClient, DATABASES, useTestApp } from '../support/test-app';

const DAY_MS = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);
/** The event as it reads, but for its own `updated_at`, which a delete and a restore stamp. */
// The stamp and the version count every write: the content is the rest.
const content = ({ updated_at: _stamp, version: _version, ...rest }: Event) => rest;

describe.each(DATABASES)('deleting and restoring an event on %s', (kind) => {
  const started = useTestApp(kind);

  /** An event with an expense, a payment, a receipt photo and a push subscription. */
  async function fullEvent(api: ApiClient): Promise<Event> {
    const made = await createEvent(api, ['Ana', 'Ben'], {
      currency_rates: [{ currency_id: 'USD', exchange_rate: 0.9 }],
    });
    const [ana, ben] = [personId(made, 'Ana'), personId(made, 'Ben')];
    const { db } = started().app;
    const receiptId = randomUUID();
    const stored = await insertReceipt(
      db,
      {
        id: receiptId,
        eventId: made.id,
        image: { jpeg: Buffer.from('a stored photo'), width: 10, height: 10 },
        analysis: {
          total: 2340,
          currency_id: 'EUR',
          confidence: 0.9,
          items: [],
          date: null,
          merchant: null,
          text: '',
          source: 'ocr',
        },
      },
      { count: 10, bytes: 1_000_000 },
    );
    expect(stored).toBe('stored');
    const expense = { ...expenseBody({ payer: ana, among: [ana, ben], amount: 3000 }) };
    const base = `/api/event/${made.id}`;
    expect(
      (await api.post(`${base}/expenditure`, { ...expense, receipt_id: receiptId })).status,
    ).toBe(201);
    expect(
      (await api.post(`${base}/payments`, paymentBody({ from: ben, to: ana, amount: 500 }))).status,
    ).toBe(201);
    await db.insert(pushSubscriptions).values({
      eventId: made.id,
      endpoint: `https://push.example/${randomUUID()}`,
      p256dh: 'key',
      auth: 'secret',
      locale: 'en',
    });
    return (await readState(api, made.id)).event;
  }

  /** Rows of the event left in each table it owns. */
  async function rowsOf(eventId: string): Promise<Record<string, number>> {
    const { db } = started().app;
    const tables = {
      events: [events, events.id],
      eventCurrencyRates: [eventCurrencyRates, eventCurrencyRates.eventId],
      users: [users, users.eventId],
      expenditures: [expenditures, expenditures.eventId],
      payments: [payments, payments.eventId],
      activities: [activities, activities.eventId],
      pushSubscriptions: [pushSubscriptions, pushSubscriptions.eventId],
      receipts: [receipts, receipts.eventId],
    } as const;
    const counts: Record<string, number> = {};
    for (const [name, [table, column]] of Object.entries(tables)) {
      const [row] = await db.select({ n: count() }).from(table).where(eq(column, eventId));
      counts[name] = Number(row?.n ?? 0);
    }
    return counts;
  }

  const restore = (api: ApiClient, eventId: string) =>
    api.post<{ data: Event }>(`/api/events/${eventId}/restore`, {});

  it('refuses every read and write of a deleted event with 410, and a restore brings it all back', async () => {
    const api = apiClient(started().app);
    const event = await fullEvent(api);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    const before = await readState(api, event.id);
    const deleted = await api.del<{ data: { deleted_at: string } }>(`/api/events/${event.id}`);
    expect(deleted.status).toBe(200);

    const base = `/api/event/${event.id}`;
    const calls = [
      api.get(`/api/events/${event.id}`),
      api.get(`/api/events/${event.id}/balances`),
      api.get(`/api/events/${event.id}/activity`),
      api.get(`/api/events/${event.id}/export?format=json`),
      api.put(`/api/events/${event.id}`, { name: 'Mine now' }),
      api.post(`${base}/expenditure`, expenseBody({ payer: ana, among: [ana], amount: 100 })),
      api.post(`${base}/payments`, paymentBody({ from: ana, to: ben, amount: 100 })),
      api.del(`${base}/expenditure/${event.expenditures[0]?.id}`),
      api.post('/api/users', { event_id: event.id, name: 'Eve' }),
    ];
    for (const answer of await Promise.all(calls)) {
      expectError(answer, 410);
      // Never kept by a browser's cache: the event may be restored a minute later.
      expect(answer.headers['cache-control']).toBe('no-store');
      const gone = eventGoneSchema.parse(answer.body).deleted_event;
      expect(gone.name).toBe(event.name);
      expect(gone.deleted_at).toBe(deleted.body.data.deleted_at);
      const window = Date.parse(gone.restorable_until) - Date.parse(gone.deleted_at);
      expect(window).toBe(LIMITS.deletedEventKeptDays * DAY_MS);
    }

    const restored = await restore(api, event.id);
    expect(restored.status).toBe(200);
    expect(content(restored.body.data)).toEqual(content(before.event));
    const after = await readState(api, event.id);
    expect(content(after.event)).toEqual(content(before.event));
    expect(after.etag).not.toBe(before.etag);
    expect(after.activity.slice(0, 2).map((row) => [row.entity, row.action])).toEqual([
      ['event', 'restored'],
      ['event', 'deleted'],
    ]);
    expect(after.activity[0]).toMatchObject({
      device_id: started().app.devices.of(event.id, api.deviceId),
      before: { name: event.name },
    });
    const write = expenseBody({ payer: ana, among: [ana, ben], amount: 800 });
    expect((await api.post(`${base}/expenditure`, write)).status).toBe(201);
  });

  it('answers a replayed restore with the live event, unchanged, and 404 for an event that never existed', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana']);
    await api.del(`/api/events/${event.id}`);
    expect((await restore(api, event.id)).status).toBe(200);
    const state = await readState(api, event.id);
    const again = await restore(api, event.id);
    expect(again.status).toBe(200);
    expect(await readState(api, event.id)).toEqual(state);
    expectError(await restore(api, 'A'.repeat(22)), 404);
  });

  it('announces the delete and the restore to open devices, and sends no push while deleted', async () => {
    const { app } = started();
    const api = apiClient(app);
    const event = await fullEvent(api);
    const heard: EventChange[] = [];
    const stop = app.changes.subscribe((change) => heard.push(change));
    await api.del(`/api/events/${event.id}`);
    expect(await subscriptionsOf(app.db, event.id)).toEqual([]);
    await restore(api, event.id);
    stop();
    const names = heard.flatMap((change) =>
      broadcastsOf(
        change.activities,
        { device: null, userId: null },
        { version: change.version, parts: change.activities.length, at: change.at },
      ).map((b) => b.name),
    );
    expect(names).toEqual(['EventDeleted', 'EventRestored']);
    expect(heard.map((change) => change.deleted)).toEqual([true, false]);
    expect(await subscriptionsOf(app.db, event.id)).toHaveLength(1);
  });

  it('refuses to restore an event deleted longer ago than the restore window', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana']);
    await api.del(`/api/events/${event.id}`);
    await started()
      .app.db.update(events)
      .set({ deletedAt: sql`now() - interval '31 days'` })
      .where(eq(events.id, event.id));
    const body = expectError(await restore(api, event.id), 410);
    expect(body.message).toMatch(/too long ago/);
    expectError(await api.get(`/api/events/${event.id}`), 410);
  });

  it('purges an event 30 days after its delete, with all its rows and receipt photos', async () => {
    const api = apiClient(started().app);
    const event = await fullEvent(api);
    await api.del(`/api/events/${event.id}`);
    const held = await rowsOf(event.id);
    for (const [table, n] of Object.entries(held)) expect(n, table).toBeGreaterThan(0);

    const { db } = started().app;
    await purgeDeletedEvents(db, daysFromNow(LIMITS.deletedEventKeptDays - 1));
    expect(await rowsOf(event.id)).toEqual(held);
    expect(await purgeDeletedEvents(db, daysFromNow(LIMITS.deletedEventKeptDays + 1))).toBe(1);
    for (const [table, n] of Object.entries(await rowsOf(event.id))) expect(n, table).toBe(0);
    expectError(await api.get(`/api/events/${event.id}`), 404);
    expectError(await restore(api, event.id), 404);
    // Running it again (another instance, a restart) finds nothing more to do.
    expect(await purgeDeletedEvents(db, daysFromNow(LIMITS.deletedEventKeptDays + 1))).toBe(0);
  });

  it('leaves live, restored and recently deleted events alone', async () => {
    const api = apiClient(started().app);
    const live = await createEvent(api, ['Ana']);
    const restored = await createEvent(api, ['Ben']);
    await api.del(`/api/events/${restored.id}`);
    await restore(api, restored.id);
    const recent = await createEvent(api, ['Chloe']);
    await api.del(`/api/events/${recent.id}`);
    const kept = [live, restored, recent].map((event) => event.id);
    const before = await Promise.all(kept.map(rowsOf));

    await purgeDeletedEvents(started().app.db, daysFromNow(LIMITS.deletedEventKeptDays - 1));
    expect(await Promise.all(kept.map(rowsOf))).toEqual(before);
    await purgeDeletedEvents(started().app.db, daysFromNow(LIMITS.deletedEventKeptDays + 365));
    expect(await rowsOf(live.id)).toEqual(before[0]);
    expect(await rowsOf(restored.id)).toEqual(before[1]);
    expect((await rowsOf(recent.id)).events).toBe(0);
  });

  it('ends a restore racing the purge with the event either whole and live or gone entirely', async () => {
    const api = apiClient(started().app);
    for (let round = 0; round < 6; round += 1) {
      const event = await fullEvent(api);
      const held = await rowsOf(event.id);
      await api.del(`/api/events/${event.id}`);
      const purgeAt = daysFromNow(LIMITS.deletedEventKeptDays + 1);
      const [restoring] = await Promise.all([
        restore(api, event.id),
        purgeDeletedEvents(started().app.db, purgeAt),
      ]);
      const rows = await rowsOf(event.id);
      if (restoring.status === 200) {
        // The purge can still take it later only if it is deleted again: it is live now.
        expect(await purgeDeletedEvents(started().app.db, purgeAt)).toBe(0);
        expect(content((await readState(api, event.id)).event)).toEqual(content(event));
        expect(rows.expenditures).toBe(held.expenditures);
        expect(rows.receipts).toBe(held.receipts);
      } else {
        expectError(restoring, 404);
        for (const [table, n] of Object.entries(rows)) expect(n, table).toBe(0);
      }
    }
  });

  it('records the delete and the restore in the history, each with its device', async () => {
    const [one, other] = [apiClient(started().app), apiClient(started().app)];
    const event = await createEvent(one, ['Ana']);
    await one.del(`/api/events/${event.id}`);
    await restore(other, event.id);
    const [restoredRow, deletedRow] = await readActivity(one, event.id);
    const { devices } = started().app;
    expect(restoredRow).toMatchObject({
      action: 'restored',
      device_id: devices.of(event.id, other.deviceId),
    });
    expect(deletedRow).toMatchObject({
      action: 'deleted',
      device_id: devices.of(event.id, one.deviceId),
    });
  });
});
