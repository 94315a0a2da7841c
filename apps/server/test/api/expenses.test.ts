import { randomUUID } from 'node:crypto';
import { type Event, type Expenditure, expenditureSchema } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { expectError, readActivity, readState } from '../support/api-checks';
import { createEvent, expenseBody, personId } from '../support/fixtures';
import { type ApiClient, apiClient, DATABASES, useTestApp } from '../support/test-app';

/** Ana and Ben pay 60.00 and 30.00 of a 90.00 EUR dinner shared by all three. */
function multiPayerDinner(event: Event) {
  const [ana, ben, chloe] = ['Ana', 'Ben', 'Chloé'].map((name) => personId(event, name));
  return {
    id: randomUUID(),
    title: 'Dinner',
    desc: 'At the harbour',
    date: '2026-11-20',
    amount: 9000,
    currency_id: 'EUR',
    category: 'food',
    payer: [
      { user_id: ana, amount: 6000 },
      { user_id: ben, amount: 3000 },
    ],
    participant: [
      { user_id: ana, amount: 3000 },
      { user_id: ben, amount: 3000 },
      { user_id: chloe, amount: 3000 },
    ],
    split: {
      mode: 'shares',
      weights: { [ana as string]: 1, [ben as string]: 1, [chloe as string]: 1 },
    },
  };
}

describe.each(DATABASES)('expenses on %s', (kind) => {
  const started = useTestApp(kind);

  const post = (api: ApiClient, eventId: string, body: unknown) =>
    api.post<{ data: Expenditure }>(`/api/event/${eventId}/expenditure`, body);

  it('creates a multi-payer expense in EUR and answers it as stored', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const body = multiPayerDinner(event);
    const created = await post(api, event.id, body);
    expect(created.status).toBe(201);
    const { id, ...content } = body;
    expect(expenditureSchema.parse(created.body.data)).toMatchObject({
      ...content,
      id,
      event_id: event.id,
      user_id: null,
      deleted_at: null,
    });
    const read = await api.get<{ data: Event }>(`/api/events/${event.id}`);
    expect(read.body.data.expenditures).toEqual([created.body.data]);
  });

  it('creates an expense in USD and keeps its amount in USD cents', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const ids = event.users.map((user) => user.id);
    const body = expenseBody({
      payer: personId(event, 'Chloé'),
      among: ids,
      amount: 8000,
      currency_id: 'USD',
    });
    const created = await post(api, event.id, body);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ amount: 8000, currency_id: 'USD' });
    expect(created.body.data.participant.map((line) => line.amount)).toEqual([2667, 2667, 2666]);
  });

  it('records who entered an expense from user_id, or else from the Who-Am-I header', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    const sent = { ...expenseBody({ payer: ana, among: [ana, ben], amount: 1000 }), user_id: ben };
    expect((await post(api, event.id, sent)).body.data.user_id).toBe(ben);
    const header = expenseBody({ payer: ana, among: [ana, ben], amount: 1000 });
    const answer = await api.post<{ data: Expenditure }>(
      `/api/event/${event.id}/expenditure`,
      header,
      { 'who-am-i': ana },
    );
    expect(answer.body.data.user_id).toBe(ana);
  });

  it('creates the expense with no author when Who-Am-I names someone outside the event', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const other = await createEvent(api, ['Zoé']);
    const ana = personId(event, 'Ana');
    const answer = await api.post<{ data: Expenditure }>(
      `/api/event/${event.id}/expenditure`,
      expenseBody({ payer: ana, among: [ana], amount: 700 }),
      { 'who-am-i': personId(other, 'Zoé') },
    );
    expect(answer.status).toBe(201);
    expect(answer.body.data.user_id).toBeNull();
  });

  it('refuses an expense for someone removed from the event, though it was there before', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const [ana, chloe] = [personId(event, 'Ana'), personId(event, 'Chloé')];
    expect((await api.del(`/api/event/${event.id}/users/${chloe}`)).status).toBe(200);
    const answer = await post(
      api,
      event.id,
      expenseBody({ payer: ana, among: [ana, chloe], amount: 900 }),
    );
    expect(answer.status).toBe(422);
    expect(Object.keys((answer.body as unknown as { errors: object }).errors)).toEqual([
      'participant.1.user_id',
    ]);
  });

  it('answers a replay of the same expense with 200 and changes nothing', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const body = multiPayerDinner(event);
    const created = await post(api, event.id, body);
    expect(created.status).toBe(201);
    const before = await readState(api, event.id);

    const replay = await post(api, event.id, body);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual(created.body.data);
    expect(await readState(api, event.id)).toEqual(before);
  });

  it('updates an expense re-posted with the same id and other content, recording before and after', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const body = multiPayerDinner(event);
    const created = await post(api, event.id, body);
    const before = await readState(api, event.id);

    const ana = personId(event, 'Ana');
    const changed = {
      ...body,
      title: 'Dinner and wine',
      amount: 9900,
      payer: [{ user_id: ana, amount: 9900 }],
      participant: body.participant.map((line) => ({ ...line, amount: 3300 })),
    };
    const updated = await post(api, event.id, changed);
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      id: body.id,
      title: 'Dinner and wine',
      amount: 9900,
      payer: changed.payer,
      participant: changed.participant,
      created_at: created.body.data.created_at,
    });

    const after = await readState(api, event.id);
    expect(after.etag).not.toBe(before.etag);
    expect(after.event.expenditures).toEqual([updated.body.data]);
    expect(after.activity).toHaveLength(before.activity.length + 1);
    expect(after.activity[0]).toMatchObject({
      entity: 'expenditure',
      entity_id: body.id,
      action: 'updated',
      before: { title: 'Dinner', amount: 9000, payer: body.payer },
      after: { title: 'Dinner and wine', amount: 9900, payer: changed.payer },
    });
  });

  it('deletes an expense softly, and deleting it again answers the same', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const body = multiPayerDinner(event);
    await post(api, event.id, body);
    const deleted = await api.del<{ data: Expenditure }>(
      `/api/event/${event.id}/expenditure/${body.id}`,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({ id: body.id, title: 'Dinner' });
    expect(deleted.body.data.deleted_at).not.toBeNull();

    const before = await readState(api, event.id);
    expect(before.event.expenditures).toEqual([]);
    expect(before.activity[0]).toMatchObject({
      entity: 'expenditure',
      action: 'deleted',
      after: { deleted_at: deleted.body.data.deleted_at },
    });

    const again = await api.del<{ data: Expenditure }>(
      `/api/event/${event.id}/expenditure/${body.id}`,
    );
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(deleted.body.data);
    expect(await readState(api, event.id)).toEqual(before);
  });

  it('refuses to re-post a deleted expense with 409 and changes nothing', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const body = multiPayerDinner(event);
    await post(api, event.id, body);
    await api.del(`/api/event/${event.id}/expenditure/${body.id}`);
    const before = await readState(api, event.id);

    const replay = expectError(await post(api, event.id, body), 409);
    expect(replay.message).toMatch(/deleted/i);
    expectError(await post(api, event.id, { ...body, title: 'Changed' }), 409);
    expect(await readState(api, event.id)).toEqual(before);
  });

  it('refuses an expense id already used in another event with 409', async () => {
    const api = apiClient(started().app);
    const first = await createEvent(api);
    const second = await createEvent(api);
    const body = multiPayerDinner(first);
    expect((await post(api, first.id, body)).status).toBe(201);
    const before = await readState(api, second.id);

    const reused = { ...multiPayerDinner(second), id: body.id };
    expectError(await post(api, second.id, reused), 409);
    expect(await readState(api, second.id)).toEqual(before);
    const firstRead = await api.get<{ data: Event }>(`/api/events/${first.id}`);
    expect(firstRead.body.data.expenditures[0]).toMatchObject({ id: body.id, title: 'Dinner' });
  });

  it('answers 404 for an expense that does not exist, or exists in another event', async () => {
    const api = apiClient(started().app);
    const first = await createEvent(api);
    const second = await createEvent(api);
    const body = multiPayerDinner(first);
    await post(api, first.id, body);
    expectError(await api.del(`/api/event/${first.id}/expenditure/${randomUUID()}`), 404);
    expectError(await api.del(`/api/event/${second.id}/expenditure/${body.id}`), 404);
    expect((await readState(api, first.id)).event.expenditures).toHaveLength(1);
  });

  it('writes exactly one history row for a create, an update and a delete', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const start = (await readActivity(api, event.id)).length;
    const body = multiPayerDinner(event);
    await post(api, event.id, body);
    await post(api, event.id, body);
    await post(api, event.id, { ...body, title: 'Lunch' });
    await api.del(`/api/event/${event.id}/expenditure/${body.id}`);
    await api.del(`/api/event/${event.id}/expenditure/${body.id}`);
    const rows = (await readActivity(api, event.id)).slice(0, -start);
    expect(rows.map((row) => row.action)).toEqual(['deleted', 'updated', 'created']);
    expect(rows.every((row) => row.entity_id === body.id)).toBe(true);
    expect(rows[2]).toMatchObject({ before: null, after: { title: 'Dinner' } });
  });
});
