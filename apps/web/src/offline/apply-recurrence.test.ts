import type { Event, RecurrenceBody } from '@quits/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyCommand, loadRecurrenceApplier } from './apply-command';
import { commandRequest } from './command-request';
import type { Change, Command } from './commands';

const ANA = '11111111-1111-4111-8111-111111111111';
const EVENT_ID = 'ePPUbBK4SwaFdV-grodJMQ';
const NOW = '2026-11-27T10:00:00.000Z';

const event: Event = {
  id: EVENT_ID,
  name: 'Flat',
  desc: '',
  image: null,
  currency_id: 'EUR',
  currency: null,
  currency_rates: [],
  time_zone: 'UTC',
  users: [{ id: ANA, event_id: EVENT_ID, name: 'Ana' }],
  expenditures: [],
  payments: [],
  created_at: NOW,
  updated_at: NOW,
  deleted_at: null,
};

const series = (start: string): RecurrenceBody => ({
  id: '22222222-2222-4222-8222-222222222222',
  expense: {
    id: '33333333-3333-4333-8333-333333333333',
    title: 'Rent',
    desc: '',
    date: start,
    amount: 90000,
    currency_id: 'EUR',
    payer: [{ user_id: ANA, amount: 90000 }],
    participant: [{ user_id: ANA, amount: 90000 }],
  },
  repeat: { frequency: 'weekly' },
});

const queued = (change: Change): Command => ({
  id: 'queued-1',
  eventId: EVENT_ID,
  change,
  whoAmI: null,
  createdAt: NOW,
});

describe('a recurring expense waiting in the queue', () => {
  beforeAll(loadRecurrenceApplier);

  it('is sent to the event’s recurrences, and its replay is the same request', () => {
    const command = queued({ kind: 'recurrence.save', body: series('2026-11-27') });
    expect(commandRequest(command)).toEqual({
      method: 'POST',
      path: `/event/${EVENT_ID}/recurrences`,
      body: series('2026-11-27'),
    });
    expect(
      commandRequest(
        queued({ kind: 'recurrence.change', recurrenceId: 'r1', change: { action: 'pause' } }),
      ),
    ).toEqual({
      method: 'PUT',
      path: `/event/${EVENT_ID}/recurrences/r1`,
      body: { action: 'pause' },
    });
  });

  it('shows at once with what is due today, the first occurrence under the expense’s own id', () => {
    const shown = applyCommand(
      event,
      queued({ kind: 'recurrence.save', body: series('2026-11-13') }),
    );
    expect(shown.expenditures.map((expense) => expense.date)).toEqual([
      '2026-11-13',
      '2026-11-20',
      '2026-11-27',
    ]);
    expect(shown.expenditures[0]?.id).toBe('33333333-3333-4333-8333-333333333333');
    expect(shown.recurrences?.[0]).toMatchObject({ next_date: '2026-12-04', next_index: 3 });
    // Applied twice (a replay shown again), it is still one series.
    const again = applyCommand(
      shown,
      queued({ kind: 'recurrence.save', body: series('2026-11-13') }),
    );
    expect(again.recurrences).toHaveLength(1);
    expect(again.expenditures).toHaveLength(3);
  });

  it('shows a pause, a stop and a replacement from a date on', () => {
    const made = applyCommand(
      event,
      queued({ kind: 'recurrence.save', body: series('2026-12-01') }),
    );
    expect(made.expenditures).toEqual([]);
    const id = '22222222-2222-4222-8222-222222222222';
    const change = (what: Change) => applyCommand(made, queued(what));
    expect(
      change({ kind: 'recurrence.change', recurrenceId: id, change: { action: 'pause' } })
        .recurrences?.[0]?.paused_at,
    ).toBe(NOW);
    expect(
      change({ kind: 'recurrence.change', recurrenceId: id, change: { action: 'stop' } })
        .recurrences?.[0],
    ).toMatchObject({ stopped_at: NOW, next_date: null });
    const replacement = { ...series('2026-12-15'), id: '44444444-4444-4444-8444-444444444444' };
    const replaced = change({
      kind: 'recurrence.change',
      recurrenceId: id,
      change: { action: 'replace', replacement },
    });
    expect(replaced.recurrences?.map((s) => [s.id, s.repeat.until ?? null])).toEqual([
      [id, '2026-12-14'],
      [replacement.id, null],
    ]);
  });
});
