import { randomUUID } from 'node:crypto';
import { type Event, LIMITS, type Recurrence } from '@quits/contract';
import { addDays, todayIn } from '@quits/domain';
import { type Database, executeRows } from '@server/db/connection';
import { runDueRecurrences } from '@server/recurrences/recurrence-runner';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFieldError, readState } from '../support/api-checks';
import { createEvent, expenseBody, personId } from '../support/fixtures';
import { type ApiClient, apiClient, DATABASES, useTestApp } from '../support/test-app';

const today = () => todayIn('UTC', new Date());
const day = (days: number) => addDays(today(), days);

function series(event: Event, start: string, frequency = 'monthly', title = 'Rent') {
  const ana = personId(event, 'Ana');
  const ben = personId(event, 'Ben');
  return {
    id: randomUUID(),
    expense: {
      ...expenseBody({ payer: ana, among: [ana, ben], amount: 90_000, title }),
      date: start,
    },
    repeat: { frequency },
  };
}

async function postSeries(api: ApiClient, event: Event, body: unknown): Promise<Recurrence> {
  const answer = await api.post<{ data: Recurrence }>(`/api/event/${event.id}/recurrences`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
}

/** `copies` more series of the event of series `id`, like it, each due since `date`. */
async function copyDueSince(db: Database, id: string, copies: number, date: string) {
  await executeRows(
    db,
    sql`INSERT INTO recurrences (id, event_id, expense, frequency, start, next_index, next_date)
      SELECT gen_random_uuid(), event_id, expense, frequency, ${date}::date, 0, ${date}::date
      FROM recurrences, generate_series(1, ${copies}) WHERE id = ${id}`,
  );
}

describe.each(DATABASES)('recurring expenses, fairly, on %s', (kind) => {
  const started = useTestApp(kind);

  it("makes one event's monthly rent while a full event's many series wait", async () => {
    const { app } = started();
    const api = apiClient(app);
    const full = await createEvent(api, ['Ana', 'Ben']);
    const first = await postSeries(api, full, series(full, day(1), 'daily', 'Coffee'));
    // 250 series due since yesterday, more than one run looks at, in an event that is full.
    await copyDueSince(app.db, first.id, 250, day(-1));
    await executeRows(
      app.db,
      sql`UPDATE events SET item_count = ${LIMITS.maxItems} WHERE id = ${full.id}`,
    );
    const victim = await createEvent(api, ['Ana', 'Ben']);
    const rent = await postSeries(api, victim, series(victim, day(1)));

    await runDueRecurrences(app, new Date(`${day(2)}T12:00:00Z`));
    const made = (await readState(api, victim.id)).event.expenditures.filter(
      (expense) => expense.recurrence_id === rent.id,
    );
    expect(made.map((expense) => expense.date)).toEqual([day(1)]);
    // The full event made nothing, and its series still wait for room.
    expect((await readState(api, full.id)).event.expenditures).toEqual([]);
  });

  it('gives each event at most its share of a run', async () => {
    const { app } = started();
    const api = apiClient(app);
    const busy = await createEvent(api, ['Ana', 'Ben']);
    const first = await postSeries(api, busy, series(busy, day(1), 'yearly', 'Fee'));
    await copyDueSince(app.db, first.id, 250, day(-1));
    const other = await createEvent(api, ['Ana', 'Ben']);
    const rent = await postSeries(api, other, series(other, day(1)));
    await runDueRecurrences(app, new Date(`${day(2)}T12:00:00Z`));
    const made = (await readState(api, other.id)).event.expenditures;
    expect(made.filter((expense) => expense.recurrence_id === rent.id)).toHaveLength(1);
  });
});

describe.each(DATABASES)('an imported recurring expense on %s', (kind) => {
  const started = useTestApp(kind);

  const fileWith = (recurrences: unknown[]) => {
    const [ana, ben] = [randomUUID(), randomUUID()];
    const expense = (date: string, extra: Record<string, unknown> = {}) => ({
      id: randomUUID(),
      title: 'Bread',
      date,
      amount: 300,
      currency_id: 'EUR',
      payer: [{ user_id: ana, amount: 300 }],
      participant: [{ user_id: ben, amount: 300 }],
      ...extra,
    });
    return {
      expense,
      file: {
        format: 'quits-event',
        version: 1,
        event: { name: 'Flat', desc: '', currency_id: 'EUR', currency_rates: [] },
        people: [
          { id: ana, name: 'Ana' },
          { id: ben, name: 'Ben' },
        ],
        recurrences,
      },
    };
  };

  it('starts within the last year, as one made in the app does', async () => {
    const api = apiClient(started().app);
    const { expense, file } = fileWith([]);
    const old = Array.from({ length: 5 }, () => ({
      id: randomUUID(),
      expense: expense('1900-01-01'),
      repeat: { frequency: 'daily', start: '1900-01-01' },
    }));
    const refusal = expectFieldError(
      await api.post('/api/events/import', { ...file, recurrences: old }),
      'recurrences.4.repeat.start',
    );
    expect(refusal.error_codes?.['recurrences.0.repeat.start']?.[0]?.code).toBe(
      'repeat_start_too_old',
    );
    // A series that began long ago but has gone on to this month imports as it is.
    const goingOn = {
      id: randomUUID(),
      expense: expense('2000-01-15'),
      repeat: { frequency: 'monthly', start: '2000-01-15' },
      next_index: 12 * (Number(today().slice(0, 4)) - 2000) + Number(today().slice(5, 7)) - 1,
    };
    const imported = await api.post<{ data: Event }>('/api/events/import', {
      ...file,
      recurrences: [goingOn],
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const many = Array.from({ length: LIMITS.maxImportedRecurrences + 1 }, () => ({
      id: randomUUID(),
      expense: expense(day(0)),
      repeat: { frequency: 'monthly', start: day(0) },
    }));
    expectFieldError(
      await api.post('/api/events/import', { ...file, recurrences: many }),
      'recurrences',
    );
  });

  it("keeps none of the attachments a file's series names", async () => {
    const { app } = started();
    const api = apiClient(app);
    const { expense, file } = fileWith([]);
    const attachments = [
      {
        id: randomUUID(),
        name: 'invoice\u202efdp.exe',
        content_type: 'application/pdf',
        bytes: 10,
      },
    ];
    const imported = await api.post<{ data: Event }>('/api/events/import', {
      ...file,
      recurrences: [
        {
          id: randomUUID(),
          expense: expense(day(5), { attachments }),
          repeat: { frequency: 'monthly', start: day(5) },
        },
      ],
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const [row] = await executeRows<{ expense: Record<string, unknown> }>(
      app.db,
      sql`SELECT expense FROM recurrences WHERE event_id = ${imported.body.data.id}`,
    );
    expect(row?.expense.attachments).toBeUndefined();
    expect(JSON.stringify(imported.body)).not.toContain('\u202e');
  });
});
