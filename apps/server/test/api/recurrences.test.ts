import { randomUUID } from 'node:crypto';
import type { Event, EventExport, Recurrence } from '@quits/contract';
import { todayIn } from '@quits/domain';
import { runDueRecurrences } from '@server/recurrences/recurrence-runner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError, readActivity, readState } from '../support/api-checks';
import { createEvent, expenseBody, personId } from '../support/fixtures';
import {
  type ApiClient,
  apiClient,
  DATABASES,
  startSecondInstance,
  startTestApp,
  type TestApp,
  useTestApp,
} from '../support/test-app';

const DAY = 86_400_000;
/** A day counted from today (UTC), `YYYY-MM-DD`. */
const dayFromToday = (days: number) =>
  new Date(Date.parse(`${todayIn('UTC', new Date())}T00:00:00Z`) + days * DAY)
    .toISOString()
    .slice(0, 10);
/** Noon (UTC) of a day counted from today: the runner's "now". */
const noonOf = (days: number) => new Date(`${dayFromToday(days)}T12:00:00Z`);

function seriesBody(
  event: Event,
  start: string,
  repeat: Record<string, unknown>,
): { id: string; expense: Record<string, unknown> & { id: string }; repeat: typeof repeat } {
  const ana = personId(event, 'Ana');
  const ben = personId(event, 'Ben');
  return {
    id: randomUUID(),
    expense: {
      ...expenseBody({ payer: ana, among: [ana, ben], amount: 2000, title: 'Cleaning' }),
      date: start,
    },
    repeat,
  };
}

async function post(api: ApiClient, event: Event, body: unknown) {
  const answer = await api.post<{ data: Recurrence }>(`/api/event/${event.id}/recurrences`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer;
}

const change = (api: ApiClient, event: Event, id: string, body: unknown) =>
  api.put<{ data: Recurrence }>(`/api/event/${event.id}/recurrences/${id}`, body);

const occurrences = async (api: ApiClient, event: Event, seriesId: string) =>
  (await readState(api, event.id)).event.expenditures
    .filter((expense) => expense.recurrence_id === seriesId)
    .map((expense) => expense.date)
    .sort();

describe.each(DATABASES)('recurring expenses on %s', (kind) => {
  const started = useTestApp(kind);

  it('makes what fell due at once, each occurrence an ordinary expense, and the rest on its day, once', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const body = seriesBody(event, dayFromToday(-14), { frequency: 'weekly' });
    const created = await post(api, event, body);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      repeat: { frequency: 'weekly', start: dayFromToday(-14) },
      next_date: dayFromToday(7),
      next_index: 3,
    });
    expect(await occurrences(api, event, body.id)).toEqual([
      dayFromToday(-14),
      dayFromToday(-7),
      dayFromToday(0),
    ]);
    // The first occurrence is the expense the series was made from.
    const state = await readState(api, event.id);
    expect(state.event.expenditures.map((expense) => expense.id)).toContain(body.expense.id);
    expect(state.event.recurrences?.map((series) => series.id)).toEqual([body.id]);

    // A replay changes nothing.
    expect((await post(api, event, body)).status).toBe(200);
    expect((await readState(api, event.id)).etag).toBe(state.etag);

    // A week later the next one is made, and running again makes none.
    await runDueRecurrences(started().app, noonOf(7));
    await runDueRecurrences(started().app, noonOf(7));
    expect(await occurrences(api, event, body.id)).toHaveLength(4);

    // One occurrence is edited alone; the series and the others stay.
    const third = (await readState(api, event.id)).event.expenditures.find(
      (expense) => expense.recurrence_id === body.id && expense.date === dayFromToday(0),
    );
    if (!third) throw new Error('the occurrence of today should exist');
    const { id: _id, ...template } = body.expense;
    const edited = await api.post(`/api/event/${event.id}/expenditure`, {
      ...template,
      id: third.id,
      date: third.date,
      title: 'Deep cleaning',
    });
    expect(edited.status).toBe(200);
    const titles = (await readState(api, event.id)).event.expenditures.map((e) => e.title);
    expect(titles.filter((title) => title === 'Cleaning')).toHaveLength(3);
    expect(titles).toContain('Deep cleaning');

    // The history tells the series and each occurrence.
    const history = await readActivity(api, event.id);
    expect(history.filter((row) => row.entity === 'recurrence')).toHaveLength(1);
    expect(
      history.filter((row) => row.entity === 'expenditure' && row.action === 'created'),
    ).toHaveLength(4);
  });

  it('repeats monthly on the same day or the last day, until a date or for a count', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const counted = seriesBody(event, dayFromToday(-100), { frequency: 'monthly', count: 2 });
    expect((await post(api, event, counted)).body.data.next_date).toBeNull();
    expect(await occurrences(api, event, counted.id)).toHaveLength(2);

    const until = seriesBody(event, dayFromToday(-3), {
      frequency: 'daily',
      until: dayFromToday(-1),
    });
    expect((await post(api, event, until)).body.data.next_date).toBeNull();
    expect(await occurrences(api, event, until.id)).toEqual([
      dayFromToday(-3),
      dayFromToday(-2),
      dayFromToday(-1),
    ]);

    const start = dayFromToday(-200);
    const lastDay = seriesBody(event, start, { frequency: 'monthly_last', count: 3 });
    await post(api, event, lastDay);
    // The last day of the start's month and of the two after it.
    const [year, month] = start.split('-').map(Number) as [number, number];
    const lastOf = (months: number) =>
      new Date(Date.UTC(year, month + months, 0)).toISOString().slice(0, 10);
    expect(await occurrences(api, event, lastDay.id)).toEqual([lastOf(0), lastOf(1), lastOf(2)]);

    // A start older than a year would flood the event with old copies: refused, by code.
    const old = expectError(
      await api.post(
        `/api/event/${event.id}/recurrences`,
        seriesBody(event, dayFromToday(-400), { frequency: 'daily' }),
      ),
      422,
    );
    expect(old.code).toBe('repeat_start_too_old');
  });

  it('pauses (nothing is made), resumes from today on, and stops for good', async () => {
    const app = started().app;
    const api = apiClient(app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const body = seriesBody(event, dayFromToday(1), { frequency: 'daily' });
    await post(api, event, body);
    expect((await change(api, event, body.id, { action: 'pause' })).body.data.paused_at).not.toBe(
      null,
    );
    await runDueRecurrences(app, noonOf(3));
    expect(await occurrences(api, event, body.id)).toEqual([]);
    // Pausing again is the same pause.
    expect((await change(api, event, body.id, { action: 'pause' })).status).toBe(200);

    const resumed = await change(api, event, body.id, { action: 'resume' });
    expect(resumed.body.data).toMatchObject({ paused_at: null, next_date: dayFromToday(1) });
    await runDueRecurrences(app, noonOf(2));
    expect(await occurrences(api, event, body.id)).toEqual([dayFromToday(1), dayFromToday(2)]);

    const stopped = await change(api, event, body.id, { action: 'stop' });
    expect(stopped.body.data).toMatchObject({ next_date: null });
    expect(stopped.body.data.stopped_at).not.toBeNull();
    await runDueRecurrences(app, noonOf(30));
    expect((await change(api, event, body.id, { action: 'stop' })).status).toBe(200);
    const refused = expectError(await change(api, event, body.id, { action: 'resume' }), 409);
    expect(refused.code).toBe('recurrence_stopped');
    expect(await occurrences(api, event, body.id)).toEqual([dayFromToday(1), dayFromToday(2)]);
  });

  it('replaces a series from a date on: the old one ends the day before, the new one goes on', async () => {
    const app = started().app;
    const api = apiClient(app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const rent = seriesBody(event, dayFromToday(-1), { frequency: 'weekly' });
    await post(api, event, rent);
    const from = dayFromToday(13);
    const raised = seriesBody(event, from, { frequency: 'weekly' });
    raised.expense.amount = 3000;
    const ana = personId(event, 'Ana');
    const ben = personId(event, 'Ben');
    raised.expense.payer = [{ user_id: ana, amount: 3000 }];
    raised.expense.participant = [
      { user_id: ana, amount: 1500 },
      { user_id: ben, amount: 1500 },
    ];

    const early = seriesBody(event, dayFromToday(-5), { frequency: 'weekly' });
    const refusal = expectError(
      await change(api, event, rent.id, { action: 'replace', replacement: early }),
      422,
    );
    expect(refusal.code).toBe('repeat_start_too_early');

    const replaced = await change(api, event, rent.id, { action: 'replace', replacement: raised });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.id).toBe(raised.id);
    const series = (await readState(api, event.id)).event.recurrences ?? [];
    expect(series.find((s) => s.id === rent.id)).toMatchObject({
      repeat: { until: dayFromToday(12) },
      next_date: dayFromToday(6),
    });
    await runDueRecurrences(app, noonOf(20));
    const amounts = (await readState(api, event.id)).event.expenditures
      .filter((e) => e.recurrence_id === rent.id || e.recurrence_id === raised.id)
      .map((e) => [e.date, e.amount]);
    expect(amounts).toEqual([
      [dayFromToday(-1), 2000],
      [dayFromToday(6), 2000],
      [dayFromToday(13), 3000],
      [dayFromToday(20), 3000],
    ]);
    // Replaying the replacement changes nothing.
    const state = await readState(api, event.id);
    await change(api, event, rent.id, { action: 'replace', replacement: raised });
    expect((await readState(api, event.id)).etag).toBe(state.etag);
  });

  it('counts the day in the event’s time zone', async () => {
    const app = started().app;
    const api = apiClient(app);
    const east = await createEvent(api, ['Ana', 'Ben'], { time_zone: 'Pacific/Kiritimati' });
    const west = await createEvent(api, ['Ana', 'Ben'], { time_zone: 'Pacific/Pago_Pago' });
    expect(east.time_zone).toBe('Pacific/Kiritimati');
    const day = dayFromToday(10);
    const inEast = seriesBody(east, day, { frequency: 'daily', count: 1 });
    const inWest = seriesBody(west, day, { frequency: 'daily', count: 1 });
    await post(api, east, inEast);
    await post(api, west, inWest);
    // Noon UTC the day before: already that day at UTC+14, still the day before at UTC−11.
    await runDueRecurrences(app, noonOf(9));
    expect(await occurrences(api, east, inEast.id)).toEqual([day]);
    expect(await occurrences(api, west, inWest.id)).toEqual([]);
    await runDueRecurrences(app, noonOf(10));
    expect(await occurrences(api, west, inWest.id)).toEqual([day]);
  });

  it('refuses what cannot repeat, by code, and writes nothing', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const before = await readState(api, event.id);
    const start = dayFromToday(1);
    const url = `/api/event/${event.id}/recurrences`;
    expectFieldError(
      await api.post(url, seriesBody(event, start, { frequency: 'hourly' })),
      'repeat.frequency',
    );
    expectFieldError(
      await api.post(url, seriesBody(event, start, { frequency: 'daily', count: 0 })),
      'repeat.count',
    );
    const backwards = expectFieldError(
      await api.post(url, seriesBody(event, start, { frequency: 'daily', until: dayFromToday(0) })),
      'repeat.until',
    );
    expect(backwards.error_codes?.['repeat.until']?.[0]?.code).toBe('repeat_end_before_start');
    const stranger = seriesBody(event, start, { frequency: 'daily' });
    stranger.expense.participant = [{ user_id: randomUUID(), amount: 2000 }];
    expectError(await api.post(url, stranger), 422);
    expectError(await change(api, event, randomUUID(), { action: 'pause' }), 404);
    expect(await readState(api, event.id)).toEqual(before);

    const zone = expectFieldError(
      await api.post('/api/events', {
        name: 'Trip',
        currency_id: 'EUR',
        time_zone: 'Mars/Olympus',
      }),
      'time_zone',
    );
    expect(zone.error_codes?.time_zone?.[0]?.code).toBe('time_zone_unknown');
  });

  it('goes through a JSON export and import: series, their state, and their occurrences', async () => {
    const app = started().app;
    const api = apiClient(app);
    const event = await createEvent(api, ['Ana', 'Ben'], { time_zone: 'Europe/Lisbon' });
    const weekly = seriesBody(event, dayFromToday(-14), { frequency: 'weekly', count: 10 });
    const paused = seriesBody(event, dayFromToday(3), { frequency: 'monthly' });
    await post(api, event, weekly);
    await post(api, event, paused);
    await change(api, event, paused.id, { action: 'pause' });

    const file = await api.get<EventExport>(`/api/events/${event.id}/export?format=json`);
    expect(file.body.event.time_zone).toBe('Europe/Lisbon');
    expect(file.body.recurrences).toHaveLength(2);
    const imported = await api.post<{ data: Event }>('/api/events/import', file.body);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const copy = imported.body.data;
    expect(copy.time_zone).toBe('Europe/Lisbon');
    const series = copy.recurrences ?? [];
    expect(
      series.map((s) => [s.expense.title, s.repeat.frequency, s.next_index, s.next_date]),
    ).toEqual([
      ['Cleaning', 'weekly', 3, dayFromToday(7)],
      ['Cleaning', 'monthly', 0, dayFromToday(3)],
    ]);
    expect(series[1]?.paused_at).not.toBeNull();
    expect(series.map((s) => s.id)).not.toContain(weekly.id);
    const copied = series[0]?.id ?? '';
    expect(await occurrences(api, copy, copied)).toEqual([
      dayFromToday(-14),
      dayFromToday(-7),
      dayFromToday(0),
    ]);
    // The copy goes on from where the original was, each occurrence once.
    await runDueRecurrences(app, noonOf(7));
    await runDueRecurrences(app, noonOf(7));
    expect(await occurrences(api, copy, copied)).toHaveLength(4);
    expect(series[0]?.expense.payer[0]?.user_id).toBe(personId(copy, 'Ana'));
  });

  it('keeps a person named by a running series from being removed', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben', 'Chloé']);
    const chloe = personId(event, 'Chloé');
    const body = seriesBody(event, dayFromToday(5), { frequency: 'monthly' });
    body.expense.participant = [
      { user_id: personId(event, 'Ana'), amount: 1000 },
      { user_id: chloe, amount: 1000 },
    ];
    await post(api, event, body);
    const refusal = expectError(await api.del(`/api/event/${event.id}/users/${chloe}`), 409);
    expect(refusal.code).toBe('person_in_use');
    await change(api, event, body.id, { action: 'stop' });
    expect((await api.del(`/api/event/${event.id}/users/${chloe}`)).status).toBe(200);
  });
});

// Several instances only exist on PostgreSQL; PGlite is one process by construction.
describe.runIf(DATABASES.includes('postgres'))(
  'recurring expenses on two instances and after a restart',
  () => {
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

    it('makes each occurrence once, whichever instance runs and however often', async () => {
      const api = apiClient(first.app);
      const events = await Promise.all([1, 2, 3].map(() => createEvent(api, ['Ana', 'Ben'])));
      const bodies = events.map((event) =>
        seriesBody(event, dayFromToday(1), { frequency: 'daily' }),
      );
      for (const [index, event] of events.entries()) await post(api, event, bodies[index]);
      const runs = await Promise.all([
        runDueRecurrences(first.app, noonOf(10)),
        runDueRecurrences(second.app, noonOf(10)),
        runDueRecurrences(first.app, noonOf(10)),
        runDueRecurrences(second.app, noonOf(10)),
      ]);
      expect(runs.reduce((sum, made) => sum + made, 0)).toBe(3 * 10);

      // A restarted instance finds nothing left to make.
      await second.close();
      second = await startSecondInstance(first);
      expect(await runDueRecurrences(second.app, noonOf(10))).toBe(0);
      for (const [index, event] of events.entries()) {
        const dates = await occurrences(api, event, bodies[index]?.id ?? '');
        expect(dates).toHaveLength(10);
        expect(new Set(dates).size).toBe(10);
      }
    });
  },
);
