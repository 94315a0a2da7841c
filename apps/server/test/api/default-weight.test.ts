import type { Event, EventExport, User } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { expectError, expectFieldError, readActivity, readState } from '../support/api-checks';
import { createEvent, personId } from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';

describe.each(DATABASES)('the default split of an event on %s', (kind) => {
  const started = useTestApp(kind);

  it('keeps each person’s share in the event, the history and the export, 1 until changed', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const ben = personId(event, 'Ben');
    expect(event.users.map((user) => user.default_weight)).toEqual([1, 1]);

    const url = `/api/event/${event.id}/users/${ben}/default-weight`;
    const set = await api.put<{ data: User }>(url, { default_weight: 2 });
    expect(set.status).toBe(200);
    expect(set.body.data.default_weight).toBe(2);
    const state = await readState(api, event.id);
    expect(state.event.users.find((user) => user.id === ben)?.default_weight).toBe(2);
    const [latest] = await readActivity(api, event.id);
    expect(latest).toMatchObject({ entity: 'user', action: 'updated', entity_id: ben });
    expect(latest?.after).toMatchObject({ default_weight: 2 });
    expect(latest?.before).toMatchObject({ default_weight: 1 });

    // The same share again is a replay: no new history row, no new version.
    expect((await api.put(url, { default_weight: 2 })).status).toBe(200);
    expect((await readState(api, event.id)).etag).toBe(state.etag);

    const file = await api.get<EventExport>(`/api/events/${event.id}/export?format=json`);
    expect(file.body.people.map((person) => person.default_weight)).toEqual([1, 2]);
    const imported = await api.post<{ data: Event }>('/api/events/import', file.body);
    expect(imported.status).toBe(201);
    expect(imported.body.data.users.map((user) => [user.name, user.default_weight])).toEqual([
      ['Ana', 1],
      ['Ben', 2],
    ]);
  });

  it('refuses a share that is not a positive number with two decimals, or a person of another event', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const other = await createEvent(api, ['Zoe']);
    const url = `/api/event/${event.id}/users/${personId(event, 'Ben')}/default-weight`;
    const before = await readState(api, event.id);
    for (const bad of [0, -1, 101, 1.234, '2', null]) {
      const refusal = expectFieldError(
        await api.put(url, { default_weight: bad }),
        'default_weight',
      );
      expect(refusal.error_codes?.default_weight?.[0]?.code).toEqual(expect.any(String));
    }
    expect(
      expectFieldError(await api.put(url, { default_weight: 1.234 }), 'default_weight').error_codes
        ?.default_weight,
    ).toEqual([{ code: 'two_decimals' }]);
    expectError(
      await api.put(`/api/event/${event.id}/users/${personId(other, 'Zoe')}/default-weight`, {
        default_weight: 2,
      }),
      404,
    );
    expect(await readState(api, event.id)).toEqual(before);
  });
});
