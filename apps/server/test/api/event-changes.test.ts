import {
  applyEventChanges,
  changeOfMessage,
  type Event,
  type EventChange,
  type EventChanges,
  MAX_CHANGES_PER_CATCH_UP,
} from '@quits/contract';
import { ActivityRelay } from '@server/realtime/activity-relay';
import { type Broadcast, broadcastsOf } from '@server/realtime/broadcasts';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createEvent, expenseBody, paymentBody } from '../support/fixtures';
import { type ApiClient, apiClient, DATABASES, useTestApp } from '../support/test-app';

/** One change a person can make, with indexes into what exists (taken modulo its count). */
type Step =
  | { kind: 'expense'; payer: number; amount: number; day: number }
  | { kind: 'edit-expense'; which: number; amount: number; day: number }
  | { kind: 'delete-expense'; which: number }
  | { kind: 'restore-expense'; which: number }
  | { kind: 'payment'; from: number; amount: number }
  | { kind: 'delete-payment'; which: number }
  | { kind: 'person'; name: string }
  | { kind: 'rename'; which: number; name: string }
  | { kind: 'remove-person' }
  | { kind: 'event'; name: string };

const name = fc.string({ minLength: 1, maxLength: 12 }).filter((text) => text.trim() === text);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('expense' as const),
    payer: fc.nat(),
    amount: fc.integer({ min: 1, max: 100_000 }),
    day: fc.integer({ min: 1, max: 28 }),
  }),
  fc.record({
    kind: fc.constant('edit-expense' as const),
    which: fc.nat(),
    amount: fc.integer({ min: 1, max: 100_000 }),
    day: fc.integer({ min: 1, max: 28 }),
  }),
  fc.record({ kind: fc.constant('delete-expense' as const), which: fc.nat() }),
  fc.record({ kind: fc.constant('restore-expense' as const), which: fc.nat() }),
  fc.record({
    kind: fc.constant('payment' as const),
    from: fc.nat(),
    amount: fc.integer({ min: 1, max: 50_000 }),
  }),
  fc.record({ kind: fc.constant('delete-payment' as const), which: fc.nat() }),
  fc.record({ kind: fc.constant('person' as const), name }),
  fc.record({ kind: fc.constant('rename' as const), which: fc.nat(), name }),
  fc.record({ kind: fc.constant('remove-person' as const) }),
  fc.record({ kind: fc.constant('event' as const), name }),
);

const pick = <T>(list: readonly T[], index: number): T | undefined =>
  list.length === 0 ? undefined : list[index % list.length];

/** Makes one change through the API; refusals (a name taken, a person in use) are fine. */
async function make(api: ApiClient, event: Event, made: Step): Promise<void> {
  const base = `/api/event/${event.id}`;
  const people = event.users.map((user) => user.id);
  const date = (day: number) => `2026-03-${String(day).padStart(2, '0')}`;
  switch (made.kind) {
    case 'expense': {
      const payer = pick(people, made.payer) ?? '';
      const body = expenseBody({ payer, among: people, amount: made.amount });
      await api.post(`${base}/expenditure`, { ...body, date: date(made.day) });
      return;
    }
    case 'edit-expense': {
      const expense = pick(event.expenditures, made.which);
      if (!expense) return;
      const body = expenseBody({ payer: people[0] ?? '', among: people, amount: made.amount });
      await api.post(`${base}/expenditure`, { ...body, id: expense.id, date: date(made.day) });
      return;
    }
    case 'delete-expense': {
      const expense = pick(event.expenditures, made.which);
      if (expense) await api.del(`${base}/expenditure/${expense.id}`);
      return;
    }
    case 'restore-expense': {
      const answer = await api.get<{
        data: { entity: string; entity_id: string; action: string }[];
      }>(`/api/events/${event.id}/activity`);
      const gone = answer.body.data.filter(
        (row) => row.entity === 'expenditure' && row.action === 'deleted',
      );
      const row = pick(gone, made.which);
      if (row) await api.post(`${base}/expenditure/${row.entity_id}/restore`, {});
      return;
    }
    case 'payment': {
      const from = pick(people, made.from);
      const to = pick(people, made.from + 1);
      if (!from || !to || from === to) return;
      await api.post(`${base}/payments`, paymentBody({ from, to, amount: made.amount }));
      return;
    }
    case 'delete-payment': {
      const payment = pick(event.payments, made.which);
      if (payment) await api.del(`${base}/payments/${payment.id}`);
      return;
    }
    case 'person':
      await api.post('/api/users', { event_id: event.id, name: made.name });
      return;
    case 'rename': {
      const person = pick(event.users, made.which);
      if (person) await api.put(`${base}/users/${person.id}`, { name: made.name });
      return;
    }
    case 'remove-person': {
      // Someone no entry mentions (the last one added, usually), else nobody.
      const person = event.users.at(-1);
      if (person && event.users.length > 2) await api.del(`${base}/users/${person.id}`);
      return;
    }
    case 'event':
      await api.put(`/api/events/${event.id}`, { name: made.name });
      return;
  }
}

const read = async (api: ApiClient, eventId: string) =>
  (await api.get<{ data: Event }>(`/api/events/${eventId}`)).body.data;

const changesSince = async (api: ApiClient, eventId: string, since: number) =>
  (await api.get<{ data: EventChanges }>(`/api/events/${eventId}/changes?since=${since}`)).body
    .data;

describe.each(DATABASES)('changes applied in place on %s', (kind) => {
  const started = useTestApp(kind);

  it('a device that applies the live messages, or asks what changed since its version, holds what a whole read gives', async () => {
    const { app } = started();
    const api = apiClient(app);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const first = await createEvent(api, ['Ana', 'Ben', 'Chloé']);
        // The live device: every message of the next version applied as it comes.
        let live: Event | null = first;
        let waiting: EventChange[] = [];
        const stop = app.changes.subscribe((change) => {
          if (change.eventId !== first.id) return;
          const stamp = { version: change.version, parts: change.activities.length, at: change.at };
          for (const message of broadcastsOf(
            change.activities,
            { device: null, userId: null },
            stamp,
          )) {
            const applied = changeOfMessage(message.name, message.data);
            if (!applied || !live) continue;
            waiting.push(applied);
            if (waiting.length < applied.parts) continue;
            live = applyEventChanges(live, waiting);
            waiting = [];
          }
        });
        try {
          let current = first;
          for (const made of steps) {
            await make(api, current, made);
            current = await read(api, first.id);
          }
          expect(live).toEqual(current);
          // The device that missed it all catches up from the version it read first.
          const caughtUp = await changesSince(api, first.id, first.version ?? 0);
          expect(caughtUp.version).toBe(current.version);
          expect(applyEventChanges(first, caughtUp.changes ?? [])).toEqual(current);
        } finally {
          stop();
        }
      }),
      { numRuns: 12 },
    );
  });

  it('answers nothing when nothing changed, and "read the whole event" when too far behind or ahead', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const version = event.version ?? 0;
    expect(await changesSince(api, event.id, version)).toEqual({ version, changes: [] });
    expect(await changesSince(api, event.id, version + 1)).toEqual({ version, changes: null });
    expect(MAX_CHANGES_PER_CATCH_UP).toBeGreaterThan(5);
    const refused = await api.get(`/api/events/${event.id}/changes?since=0x10`);
    expect(refused.status).toBe(422);
    const other = await api.get('/api/events/ePPUbBK4SwaFdV-grodJMQ/changes?since=1');
    expect(other.status).toBe(404);
  });
});

// Several instances share one PostgreSQL: an instance that did not make a change reads its
// messages back from the history (the embedded database has one instance, so never does).
describe.runIf(DATABASES.includes('postgres'))('changes relayed between instances', () => {
  const started = useTestApp('postgres');

  it("the messages read back from the history carry the change's version, parts and time, as those sent by the writer", async () => {
    const { app } = started();
    const api = apiClient(app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const relayed: Broadcast[] = [];
    const relay = new ActivityRelay(app.db, app.log, app.devices, (_id, all) => {
      relayed.push(...all);
    });
    await relay.follow(event.id);
    const written: Broadcast[] = [];
    const stop = app.changes.subscribe((change) => {
      if (change.eventId !== event.id) return;
      const origin = {
        device: app.devices.of(change.eventId, change.deviceId),
        userId: change.whoAmI ?? null,
      };
      const stamp = { version: change.version, parts: change.activities.length, at: change.at };
      written.push(...broadcastsOf(change.activities, origin, stamp));
    });
    const [ana = '', ben = ''] = event.users.map((user) => user.id);
    await api.post(
      `/api/event/${event.id}/expenditure`,
      expenseBody({ payer: ana, among: [ana, ben], amount: 1200 }),
    );
    await api.put(`/api/event/${event.id}/users/${ben}`, { name: 'Benedict' });
    await api.post(
      `/api/event/${event.id}/payments`,
      paymentBody({ from: ben, to: ana, amount: 600 }),
    );
    stop();
    relay.noteChange({ eventId: event.id, version: 0, deleted: false });
    await vi.waitFor(() => expect(relayed).toHaveLength(3));
    expect(relayed).toEqual(written);
    relay.unfollow(event.id);
  });
});
