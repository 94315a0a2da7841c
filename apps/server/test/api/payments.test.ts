import { randomUUID } from 'node:crypto';
import { type Event, type Payment, paymentSchema } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { expectError, expectFieldError, readState } from '../support/api-checks';
import { createEvent, paymentBody, personId } from '../support/fixtures';
import { type ApiClient, apiClient, DATABASES, useTestApp } from '../support/test-app';

describe.each(DATABASES)('payments on %s', (kind) => {
  const started = useTestApp(kind);

  const post = (api: ApiClient, eventId: string, body: unknown) =>
    api.post<{ data: Payment }>(`/api/event/${eventId}/payments`, body);

  async function setup() {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    return { api, event, ana: personId(event, 'Ana'), ben: personId(event, 'Ben') };
  }

  it('creates a payment and answers it with the names of both people', async () => {
    const { api, event, ana, ben } = await setup();
    const body = { ...paymentBody({ from: ben, to: ana, amount: 3000 }), percentage: 50 };
    const created = await post(api, event.id, body);
    expect(created.status).toBe(201);
    expect(paymentSchema.parse(created.body.data)).toMatchObject({
      id: body.id,
      event_id: event.id,
      date: '2026-11-21',
      title: 'Settle up',
      payer_id: ben,
      payer_name: 'Ben',
      payee_id: ana,
      payee_name: 'Ana',
      amount: 3000,
      currency_id: 'EUR',
      percentage: 50,
      deleted_at: null,
    });
    const read = await api.get<{ data: Event }>(`/api/events/${event.id}`);
    expect(read.body.data.payments).toEqual([created.body.data]);
  });

  it("dates a payment sent without a date today, in the event's currency, with an empty title", async () => {
    const { api, event, ana, ben } = await setup();
    const created = await post(api, event.id, { payer_id: ben, payee_id: ana, amount: 1200 });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      date: new Date().toISOString().slice(0, 10),
      currency_id: 'EUR',
      title: '',
      percentage: null,
    });
    expect(created.body.data.id).toMatch(/^[0-9a-f-]{36}$/);

    const gbp = await createEvent(api, ['Ana', 'Ben'], { currency_id: 'GBP' });
    const inPounds = await post(api, gbp.id, {
      payer_id: personId(gbp, 'Ana'),
      payee_id: personId(gbp, 'Ben'),
      amount: 500,
    });
    expect(inPounds.body.data.currency_id).toBe('GBP');
  });

  it('answers a replayed payment with 200 and changes nothing', async () => {
    const { api, event, ana, ben } = await setup();
    const body = paymentBody({ from: ben, to: ana, amount: 3000 });
    const created = await post(api, event.id, body);
    const before = await readState(api, event.id);
    const replay = await post(api, event.id, body);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual(created.body.data);
    expect(await readState(api, event.id)).toEqual(before);

    const { date: _, ...undated } = body;
    const undatedReplay = await post(api, event.id, undated);
    expect(undatedReplay.status).toBe(200);
    expect(await readState(api, event.id)).toEqual(before);
  });

  it('updates a payment re-posted with other content, recording before and after', async () => {
    const { api, event, ana, ben } = await setup();
    const body = paymentBody({ from: ben, to: ana, amount: 3000 });
    await post(api, event.id, body);
    const before = await readState(api, event.id);
    const updated = await post(api, event.id, { ...body, amount: 2500, title: 'Part of it' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id: body.id, amount: 2500, title: 'Part of it' });

    const after = await readState(api, event.id);
    expect(after.etag).not.toBe(before.etag);
    expect(after.event.payments).toEqual([updated.body.data]);
    expect(after.activity).toHaveLength(before.activity.length + 1);
    expect(after.activity[0]).toMatchObject({
      entity: 'payment',
      entity_id: body.id,
      action: 'updated',
      before: { amount: 3000, title: 'Settle up', payer_name: 'Ben' },
      after: { amount: 2500, title: 'Part of it', payer_name: 'Ben' },
    });
  });

  it('deletes a payment softly; deleting again answers the same; re-posting it is a 409', async () => {
    const { api, event, ana, ben } = await setup();
    const body = paymentBody({ from: ben, to: ana, amount: 3000 });
    await post(api, event.id, body);
    const url = `/api/event/${event.id}/payments/${body.id}`;
    const deleted = await api.del<{ data: Payment }>(url);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({ id: body.id, payer_name: 'Ben', payee_name: 'Ana' });
    expect(deleted.body.data.deleted_at).not.toBeNull();

    const before = await readState(api, event.id);
    expect(before.event.payments).toEqual([]);
    const again = await api.del<{ data: Payment }>(url);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(deleted.body.data);
    const conflict = expectError(await post(api, event.id, body), 409);
    expect(conflict.message).toMatch(/deleted/i);
    expect(await readState(api, event.id)).toEqual(before);

    expectError(await api.del(`/api/event/${event.id}/payments/${randomUUID()}`), 404);
  });

  it('refuses a payment from a person to themselves, changing nothing', async () => {
    const { api, event, ana } = await setup();
    const before = await readState(api, event.id);
    const body = expectFieldError(
      await post(api, event.id, paymentBody({ from: ana, to: ana, amount: 3000 })),
      'payee_id',
    );
    expect(body.errors.payee_id?.[0]).toMatch(/different/i);
    expect(await readState(api, event.id)).toEqual(before);
  });

  it('refuses bad payments with 422 naming the field, changing nothing', async () => {
    const { api, event, ana, ben } = await setup();
    const other = await createEvent(api, ['Dora']);
    const valid = paymentBody({ from: ben, to: ana, amount: 3000 });
    const before = await readState(api, event.id);
    const cases: [unknown, string][] = [
      [{ ...valid, amount: 0 }, 'amount'],
      [{ ...valid, amount: -5 }, 'amount'],
      [{ ...valid, amount: 12.5 }, 'amount'],
      [{ ...valid, amount: 100_000_000_001 }, 'amount'],
      [{ ...valid, amount: '3000' }, 'amount'],
      [{ ...valid, payee_id: randomUUID() }, 'payee_id'],
      [{ ...valid, payer_id: personId(other, 'Dora') }, 'payer_id'],
      [{ ...valid, currency_id: 'XYZ' }, 'currency_id'],
      [{ ...valid, date: '2026-13-01' }, 'date'],
      [{ ...valid, title: 'x'.repeat(101) }, 'title'],
      [{ ...valid, percentage: 101 }, 'percentage'],
      [{ payee_id: ana, amount: 100 }, 'payer_id'],
    ];
    for (const [body, field] of cases) expectFieldError(await post(api, event.id, body), field);
    expect(await readState(api, event.id)).toEqual(before);
  });

  it('refuses a payment id already used in another event with 409', async () => {
    const { api, event, ana, ben } = await setup();
    const body = paymentBody({ from: ben, to: ana, amount: 3000 });
    expect((await post(api, event.id, body)).status).toBe(201);
    const second = await createEvent(api, ['Ana', 'Ben']);
    const reused = {
      ...body,
      payer_id: personId(second, 'Ben'),
      payee_id: personId(second, 'Ana'),
    };
    expectError(await post(api, second.id, reused), 409);
  });
});
