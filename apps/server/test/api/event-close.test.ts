import type { Event } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { expectError, readActivity, readState } from '../support/api-checks';
import { createEvent, expenseBody, paymentBody, personId } from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';

describe.each(DATABASES)('closing and reopening an event on %s', (kind) => {
  const started = useTestApp(kind);

  it('closes only once everyone is settled, then refuses every change until reopened', async () => {
    const api = apiClient(started().app);
    const made = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(made, 'Ana'), personId(made, 'Ben')];
    const base = `/api/event/${made.id}`;
    expect(
      (
        await api.post(
          `${base}/expenditure`,
          expenseBody({ payer: ana, among: [ana, ben], amount: 3000 }),
        )
      ).status,
    ).toBe(201);

    // Ben owes Ana €15.00: not yet.
    const early = await api.post(`/api/events/${made.id}/close`, {});
    expectError(early, 409);
    expect(early.body).toMatchObject({ code: 'event_not_settled' });
    expect((await readState(api, made.id)).event.closed_at).toBeNull();

    expect(
      (await api.post(`${base}/payments`, paymentBody({ from: ben, to: ana, amount: 1500 })))
        .status,
    ).toBe(201);
    const closed = await api.post<{ data: Event }>(`/api/events/${made.id}/close`, {});
    expect(closed.status).toBe(200);
    const closedAt = closed.body.data.closed_at;
    expect(closedAt).toEqual(expect.any(String));
    // Closing again is a replay: nothing changes, not even the time.
    const again = await api.post<{ data: Event }>(`/api/events/${made.id}/close`, {});
    expect(again.body.data.closed_at).toBe(closedAt);

    // Every change to what it holds is refused, with a code the app words.
    const refusals = [
      await api.post(
        `${base}/expenditure`,
        expenseBody({ payer: ana, among: [ana, ben], amount: 100 }),
      ),
      await api.post(`${base}/payments`, paymentBody({ from: ana, to: ben, amount: 100 })),
      await api.post('/api/users', { event_id: made.id, name: 'Chloé' }),
      await api.put(`/api/events/${made.id}`, { name: 'Renamed' }),
    ];
    for (const refusal of refusals) {
      expectError(refusal, 409);
      expect(refusal.body).toMatchObject({ code: 'event_closed', closed_at: closedAt });
    }
    const state = await readState(api, made.id);
    expect(state.event.name).toBe(made.name);
    expect(state.event.expenditures).toHaveLength(1);
    expect(state.event.users).toHaveLength(2);

    // The history says who closed it; reopening opens it to changes again.
    const [closing] = await readActivity(api, made.id);
    expect(closing).toMatchObject({ entity: 'event', action: 'updated' });
    expect(closing?.after).toMatchObject({ closed_at: closedAt });
    const reopened = await api.post<{ data: Event }>(`/api/events/${made.id}/reopen`, {});
    expect(reopened.status).toBe(200);
    expect(reopened.body.data.closed_at).toBeNull();
    expect((await api.post('/api/users', { event_id: made.id, name: 'Chloé' })).status).toBe(201);
  });

  it('lets a closed event be deleted, and answers 404 / 410 as elsewhere', async () => {
    const api = apiClient(started().app);
    const made = await createEvent(api, ['Ana']);
    expect((await api.post(`/api/events/${made.id}/close`, {})).status).toBe(200);
    expect((await api.del(`/api/events/${made.id}`)).status).toBe(200);
    expectError(await api.post(`/api/events/${made.id}/reopen`, {}), 410);
    expectError(await api.post('/api/events/AAAAAAAAAAAAAAAAAAAAAA/close', {}), 404);
  });
});
