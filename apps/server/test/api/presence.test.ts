import type { Event, EventExport, User } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { expectError, expectFieldError, readActivity, readState } from '../support/api-checks';
import { createEvent, expenseBody, personId } from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';

const MARCH_ON = [{ from: '2026-03-17', to: '2026-12-31' }];

describe.each(DATABASES)('presence and the split by days present on %s', (kind) => {
  const started = useTestApp(kind);

  it('keeps a person’s presence periods, sorted, in the event, the history and the export', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const ben = personId(event, 'Ben');
    expect(event.users.every((user) => user.presence?.length === 0)).toBe(true);
    const periods = [
      { from: '2026-07-01', to: '2026-07-31' },
      { from: '2026-03-17', to: '2026-05-31' },
    ];
    const url = `/api/event/${event.id}/users/${ben}/presence`;
    const set = await api.put<{ data: User }>(url, { presence: periods });
    expect(set.status).toBe(200);
    expect(set.body.data.presence).toEqual([periods[1], periods[0]]);

    const state = await readState(api, event.id);
    expect(state.event.users.find((user) => user.id === ben)?.presence).toEqual([
      periods[1],
      periods[0],
    ]);
    const [latest] = await readActivity(api, event.id);
    expect(latest).toMatchObject({ entity: 'user', action: 'updated', entity_id: ben });

    // The same periods again change nothing: no new history row, no new version.
    await api.put(url, { presence: [periods[1], periods[0]] });
    expect((await readState(api, event.id)).etag).toBe(state.etag);

    const file = await api.get<EventExport>(`/api/events/${event.id}/export?format=json`);
    expect(file.body.people.find((person) => person.id === ben)?.presence).toHaveLength(2);
    const imported = await api.post<{ data: Event }>('/api/events/import', file.body);
    expect(imported.status).toBe(201);
    const copy = imported.body.data.users.find((user) => user.name === 'Ben');
    expect(copy?.presence).toEqual([periods[1], periods[0]]);
  });

  it('refuses a period that ends before it starts, a bad date, or a person of another event', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const other = await createEvent(api, ['Zoe']);
    const url = `/api/event/${event.id}/users/${personId(event, 'Ben')}/presence`;
    const before = await readState(api, event.id);
    expectFieldError(
      await api.put(url, { presence: [{ from: '2026-03-10', to: '2026-03-01' }] }),
      'presence.0.to',
    );
    expectFieldError(
      await api.put(url, { presence: [{ from: '2026-02-30', to: '2026-03-01' }] }),
      'presence.0.from',
    );
    expectFieldError(await api.put(url, { presence: 'always' }), 'presence');
    expectError(
      await api.put(`/api/event/${event.id}/users/${personId(other, 'Zoe')}/presence`, {
        presence: [],
      }),
      404,
    );
    expect(await readState(api, event.id)).toEqual(before);
  });

  it('saves an expense split by days present with its period, and refuses one without', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    await api.put(`/api/event/${event.id}/users/${ben}/presence`, { presence: MARCH_ON });
    const rent = {
      ...expenseBody({ payer: ana, among: [ana, ben], amount: 90_000, title: 'Rent' }),
      participant: [
        { user_id: ana, amount: 60_652 },
        { user_id: ben, amount: 29_348 },
      ],
      split: {
        mode: 'days',
        weights: { [ana]: 1, [ben]: 1 },
        period: { from: '2026-03-01', to: '2026-03-31' },
      },
    };
    const saved = await api.post<{ data: { split: unknown } }>(
      `/api/event/${event.id}/expenditure`,
      rent,
    );
    expect(saved.status).toBe(201);
    expect(saved.body.data.split).toEqual(rent.split);

    const before = await readState(api, event.id);
    const noPeriod = { ...rent, id: crypto.randomUUID(), split: { mode: 'days' } };
    expectFieldError(
      await api.post(`/api/event/${event.id}/expenditure`, noPeriod),
      'split.period',
    );
    const backwards = {
      ...rent,
      id: crypto.randomUUID(),
      split: { mode: 'days', period: { from: '2026-03-31', to: '2026-03-01' } },
    };
    expectFieldError(
      await api.post(`/api/event/${event.id}/expenditure`, backwards),
      'split.period.to',
    );
    expect(await readState(api, event.id)).toEqual(before);

    const file = await api.get<EventExport>(`/api/events/${event.id}/export?format=json`);
    const imported = await api.post<{ data: Event }>('/api/events/import', file.body);
    expect(imported.status).toBe(201);
    expect(imported.body.data.expenditures[0]?.split).toMatchObject({
      mode: 'days',
      period: rent.split.period,
    });
  });
});
