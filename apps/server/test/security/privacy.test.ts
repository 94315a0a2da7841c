import { randomBytes, randomUUID } from 'node:crypto';
import { eventGoneSchema, isUnguessableEventId } from '@quits/contract';
import { receipts } from '@server/db/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../support/api-checks';
import { createEvent, expenseBody, personId } from '../support/fixtures';
import { type ApiAnswer, apiClient, DATABASES, useTestApp } from '../support/test-app';

const randomId = () => randomBytes(16).toString('base64url');

/** What a client can tell from an answer: its status and its body, nothing else differs. */
const seen = (answer: ApiAnswer) => ({ status: answer.status, body: answer.body });

describe('isUnguessableEventId', () => {
  it('takes ids of 16 random bytes (a fixed sample of 20,000)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) =>
        isUnguessableEventId(Buffer.from(bytes).toString('base64url')),
      ),
      { seed: 20_261_121, numRuns: 20_000 },
    );
  });

  it.each([
    ['one character', 'a'.repeat(22)],
    ['a run of neighbours', 'abcdefghijklmnopqrstuv'],
    ['a run inside a random id', 'Xq3_ABCDEFGHIJ9kLm-2Pz'],
    ['words', 'thisismyeventandnobodyknowsit'],
    ['words in capitals', 'OUR-TRIP-TO-LISBON-IN-MAY'],
    ['digits', '2026112120261121202611'],
    ['few characters', 'abababababcdcdcdcdcdXY'],
  ])('refuses %s', (_kind, id) => {
    expect(isUnguessableEventId(id)).toBe(false);
  });
});

describe.each(DATABASES)('privacy (%s)', (kind) => {
  const started = useTestApp(kind);

  it('makes event ids of 128 random bits, each new', async () => {
    const api = apiClient(started().app);
    const ids = new Set<string>();
    for (let event = 0; event < 20; event++) {
      const { id } = await createEvent(api, ['Ana']);
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(id, 'base64url')).toHaveLength(16);
      ids.add(id);
    }
    expect(ids.size).toBe(20);
  });

  it.each([
    'a'.repeat(22),
    'abcdefghijklmnopqrstuv',
    'thisismyeventandnobodyknowsit',
    '0000000000000000000000000000',
  ])('refuses a proposed event id that is easy to guess: %s', async (id) => {
    const api = apiClient(started().app);
    const refusal = expectFieldError(
      await api.post('/api/events', { id, name: 'Trip', currency_id: 'EUR' }),
      'id',
    );
    expect(refusal.errors.id?.[0]).toMatch(/too easy to guess/);
    expectError(await api.get(`/api/events/${id}`), 404);
  });

  it('takes a proposed random event id (an event created offline)', async () => {
    const api = apiClient(started().app);
    const id = randomId();
    const answer = await api.post<{ data: { id: string } }>('/api/events', {
      id,
      name: 'Trip',
      currency_id: 'EUR',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data.id).toBe(id);
  });

  it('answers a deleted event with one refusal (410) everywhere, and one that never existed with 404', async () => {
    const api = apiClient(started().app);
    const deleted = await createEvent(api, ['Ana']);
    expect((await api.del(`/api/events/${deleted.id}`)).status).toBe(200);
    const never = randomId();
    const ask = (eventId: string) =>
      Promise.all([
        api.get(`/api/events/${eventId}`),
        api.get(`/api/events/${eventId}/balances`),
        api.get(`/api/events/${eventId}/activity`),
        api.put(`/api/events/${eventId}`, { name: 'Mine now' }),
        api.post('/api/users', { event_id: eventId, name: 'Eve' }),
        api.post(`/api/event/${eventId}/expenditure`, {
          ...expenseBody({ payer: randomUUID(), among: [randomUUID()], amount: 100 }),
          id: '00000000-0000-4000-8000-000000000001',
        }),
        api.post('/api/broadcasting/auth', {
          socket_id: '1234.5678',
          channel_name: `private-event.${eventId}`,
        }),
        api.get(`/api/event/${eventId}/receipts/${'00000000-0000-4000-8000-000000000002'}`),
      ]);
    const [forNever, forDeleted] = [await ask(never), await ask(deleted.id)];
    for (const answer of forNever) expect(answer.status).toBe(404);
    const refusals = forDeleted.map((answer) => eventGoneSchema.parse(answer.body));
    for (const answer of forDeleted) expect(answer.status).toBe(410);
    for (const refusal of refusals) expect(refusal).toEqual(refusals[0]);
    expect(refusals[0]?.deleted_event.name).toBe('Lisbon trip');
  });

  it('answers a person of another event as it answers a person who does not exist', async () => {
    const api = apiClient(started().app);
    const mine = await createEvent(api, ['Ana']);
    const theirs = await createEvent(apiClient(started().app), ['Zoe']);
    const ana = personId(mine, 'Ana');
    const post = (stranger: string) =>
      api.post(`/api/event/${mine.id}/expenditure`, {
        ...expenseBody({ payer: ana, among: [ana, stranger], amount: 1000 }),
        id: '00000000-0000-4000-8000-000000000003',
      });
    const forOther = await post(personId(theirs, 'Zoe'));
    const forNobody = await post(randomUUID());
    expect(forOther.status).toBe(422);
    expect(seen(forOther)).toEqual(seen(forNobody));
  });

  it('answers a receipt of another event as it answers a receipt that does not exist', async () => {
    const api = apiClient(started().app);
    const mine = await createEvent(api, ['Ana']);
    const theirs = await createEvent(apiClient(started().app), ['Zoe']);
    const theirReceipt = randomUUID();
    await started()
      .database.db.insert(receipts)
      .values({
        id: theirReceipt,
        eventId: theirs.id,
        image: Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
        contentType: 'image/jpeg',
        width: 1,
        height: 1,
        bytes: 4,
        analysis: {},
      });
    const nobodys = randomUUID();
    const image = (receiptId: string) => api.get(`/api/event/${mine.id}/receipts/${receiptId}`);
    expect(seen(await image(theirReceipt))).toEqual(seen(await image(nobodys)));
    expect((await image(theirReceipt)).status).toBe(404);

    const ana = personId(mine, 'Ana');
    const expense = (receiptId: string) =>
      api.post(`/api/event/${mine.id}/expenditure`, {
        ...expenseBody({ payer: ana, among: [ana], amount: 1000 }),
        id: '00000000-0000-4000-8000-000000000004',
        receipt_id: receiptId,
      });
    const forTheirs = await expense(theirReceipt);
    expect(forTheirs.status).toBe(422);
    expect(seen(forTheirs)).toEqual(seen(await expense(nobodys)));
  });
});
