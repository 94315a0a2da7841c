import { randomUUID } from 'node:crypto';
import type { Event, Expenditure, Payment } from '@quits/contract';
import { expenditureSchema, LIMITS, paymentSchema } from '@quits/contract';
import { events } from '@server/db/schema';
import type { EventChange } from '@server/realtime/change-feed';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  balanceOf,
  expectError,
  readActivity,
  readBalances,
  readState,
} from '../support/api-checks';
import { createEvent, expenseBody, paymentBody, personId } from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';

describe.each(DATABASES)('restoring deleted expenses and payments on %s', (kind) => {
  const started = useTestApp(kind);

  /** The event's counter of live expenses and payments, as the size limit reads it. */
  const itemCount = async (eventId: string) => {
    const [row] = await started()
      .app.db.select({ count: events.itemCount })
      .from(events)
      .where(eq(events.id, eventId));
    return row?.count;
  };

  /** Collects what the change feed announces (what live updates and push are built from). */
  const listen = () => {
    const heard: EventChange[] = [];
    const stop = started().app.changes.subscribe((change) => heard.push(change));
    return { heard, stop };
  };

  it('brings a deleted expense back as it was, in the history, the version and the balances', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    // As the web app calls it: JSON content type, no body.
    const me = { 'who-am-i': ben, 'content-type': 'application/json' };
    const body = expenseBody({ payer: ana, among: [ana, ben], amount: 3000, title: 'Taxi' });
    expect((await api.post(`/api/event/${event.id}/expenditure`, body)).status).toBe(201);
    const live = await readState(api, event.id);
    const balancesBefore = balanceOf(await readBalances(api, event.id));
    expect((await api.del(`/api/event/${event.id}/expenditure/${body.id}`)).status).toBe(200);
    const deleted = await readState(api, event.id);
    expect(deleted.event.expenditures).toEqual([]);
    expect(await itemCount(event.id)).toBe(0);

    const feed = listen();
    const answer = await api.post<{ data: Expenditure }>(
      `/api/event/${event.id}/expenditure/${body.id}/restore`,
      undefined,
      me,
    );
    feed.stop();
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const restored = expenditureSchema.parse(answer.body.data);
    expect(restored.deleted_at).toBeNull();
    const { updated_at: _before, ...wasLive } = live.event.expenditures[0] as Expenditure;
    const { updated_at: _after, ...isLive } = restored;
    expect(isLive).toEqual(wasLive);

    const after = await readState(api, event.id);
    expect(after.etag).not.toBe(deleted.etag);
    expect(after.event.expenditures).toEqual([restored]);
    expect(balanceOf(await readBalances(api, event.id))).toEqual(balancesBefore);
    expect(await itemCount(event.id)).toBe(1);
    expect(after.activity[0]).toMatchObject({
      entity: 'expenditure',
      entity_id: body.id,
      action: 'restored',
      device_id: started().app.devices.of(event.id, api.deviceId),
      user_id: ben,
      before: { title: 'Taxi', deleted_at: expect.any(String) },
      after: { title: 'Taxi', deleted_at: null },
    });
    expect(after.activity).toHaveLength(deleted.activity.length + 1);
    expect(feed.heard).toHaveLength(1);
    expect(feed.heard[0]).toMatchObject({
      eventId: event.id,
      deviceId: api.deviceId,
      whoAmI: ben,
      activities: [{ entity: 'expenditure', entityId: body.id, action: 'restored' }],
    });
  });

  it('answers a live expense unchanged and writes nothing, so a replayed restore is harmless', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    const body = expenseBody({ payer: ana, among: [ana, ben], amount: 1000 });
    await api.post(`/api/event/${event.id}/expenditure`, body);
    await api.del(`/api/event/${event.id}/expenditure/${body.id}`);
    const url = `/api/event/${event.id}/expenditure/${body.id}/restore`;
    const first = await api.post<{ data: Expenditure }>(url, undefined);
    expect(first.status).toBe(200);
    const state = await readState(api, event.id);

    const feed = listen();
    const again = await api.post<{ data: Expenditure }>(url, undefined);
    feed.stop();
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await readState(api, event.id)).toEqual(state);
    expect(feed.heard).toEqual([]);
    expect(await itemCount(event.id)).toBe(1);
  });

  it('restores a deleted payment with both names', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    const body = paymentBody({ from: ben, to: ana, amount: 1500 });
    expect((await api.post(`/api/event/${event.id}/payments`, body)).status).toBe(201);
    const balancesBefore = balanceOf(await readBalances(api, event.id));
    await api.del(`/api/event/${event.id}/payments/${body.id}`);
    expect(balanceOf(await readBalances(api, event.id))).toEqual({ [ana]: 0, [ben]: 0 });

    const answer = await api.post<{ data: Payment }>(
      `/api/event/${event.id}/payments/${body.id}/restore`,
      undefined,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(paymentSchema.parse(answer.body.data)).toMatchObject({
      id: body.id,
      payer_name: 'Ben',
      payee_name: 'Ana',
      amount: 1500,
      deleted_at: null,
    });
    expect(balanceOf(await readBalances(api, event.id))).toEqual(balancesBefore);
    const [newest] = await readActivity(api, event.id);
    expect(newest).toMatchObject({ entity: 'payment', action: 'restored', entity_id: body.id });
    expect(await itemCount(event.id)).toBe(1);
  });

  it('answers 404 for an id the event does not hold, and for an unknown event', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const other = await createEvent(api, ['Cy', 'Di']);
    const [cy, di] = [personId(other, 'Cy'), personId(other, 'Di')];
    const elsewhere = expenseBody({ payer: cy, among: [cy, di], amount: 500 });
    await api.post(`/api/event/${other.id}/expenditure`, elsewhere);
    await api.del(`/api/event/${other.id}/expenditure/${elsewhere.id}`);
    const before = await readState(api, event.id);

    for (const url of [
      `/api/event/${event.id}/expenditure/${randomUUID()}/restore`,
      `/api/event/${event.id}/payments/${randomUUID()}/restore`,
      `/api/event/${event.id}/expenditure/${elsewhere.id}/restore`,
      `/api/event/${'x'.repeat(22)}/expenditure/${elsewhere.id}/restore`,
    ]) {
      expectError(await api.post(url, undefined), 404);
    }
    expectError(await api.post(`/api/event/${event.id}/expenditure/nope/restore`, undefined), 422);
    expect(await readState(api, event.id)).toEqual(before);
  });

  it('refuses with 409, naming them, when a person it mentions was removed since', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben', 'Chloé']);
    const [ana, chloe] = [personId(event, 'Ana'), personId(event, 'Chloé')];
    const expense = expenseBody({ payer: ana, among: [ana, chloe], amount: 900 });
    const payment = paymentBody({ from: chloe, to: ana, amount: 100 });
    await api.post(`/api/event/${event.id}/expenditure`, expense);
    await api.post(`/api/event/${event.id}/payments`, payment);
    await api.del(`/api/event/${event.id}/expenditure/${expense.id}`);
    await api.del(`/api/event/${event.id}/payments/${payment.id}`);
    expect((await api.del(`/api/event/${event.id}/users/${chloe}`)).status).toBe(200);
    const before = await readState(api, event.id);

    for (const url of [
      `/api/event/${event.id}/expenditure/${expense.id}/restore`,
      `/api/event/${event.id}/payments/${payment.id}/restore`,
    ]) {
      const refusal = expectError(await api.post(url, undefined), 409);
      expect(refusal.message).toMatch(/Chloé.*removed/);
    }
    expect(await readState(api, event.id)).toEqual(before);
    expect(await itemCount(event.id)).toBe(0);
  });

  it('refuses with 409 when the event already holds as many entries as it may', async () => {
    const api = apiClient(started().app);
    const event: Event = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    const expense = expenseBody({ payer: ana, among: [ana, ben], amount: 900 });
    await api.post(`/api/event/${event.id}/expenditure`, expense);
    await api.del(`/api/event/${event.id}/expenditure/${expense.id}`);
    // Filling an event with 50,000 entries takes minutes; the limit reads this counter.
    const { db } = started().app;
    await db.update(events).set({ itemCount: LIMITS.maxItems }).where(eq(events.id, event.id));
    const before = await readState(api, event.id);

    const refusal = expectError(
      await api.post(`/api/event/${event.id}/expenditure/${expense.id}/restore`, undefined),
      409,
    );
    expect(refusal.message).toContain(String(LIMITS.maxItems));
    expect(await readState(api, event.id)).toEqual(before);

    await db
      .update(events)
      .set({ itemCount: LIMITS.maxItems - 1 })
      .where(eq(events.id, event.id));
    const allowed = await api.post(
      `/api/event/${event.id}/expenditure/${expense.id}/restore`,
      undefined,
    );
    expect(allowed.status).toBe(200);
    expect(await itemCount(event.id)).toBe(LIMITS.maxItems);
  });

  it('lets a restored expense be changed and deleted again', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    const body = expenseBody({ payer: ana, among: [ana, ben], amount: 2000 });
    await api.post(`/api/event/${event.id}/expenditure`, body);
    await api.del(`/api/event/${event.id}/expenditure/${body.id}`);
    expectError(
      await api.post(`/api/event/${event.id}/expenditure`, { ...body, title: 'Edited' }),
      409,
    );
    await api.post(`/api/event/${event.id}/expenditure/${body.id}/restore`, undefined);
    const edited = await api.post(`/api/event/${event.id}/expenditure`, {
      ...body,
      title: 'Edited',
    });
    expect(edited.status).toBe(200);
    expect((await api.del(`/api/event/${event.id}/expenditure/${body.id}`)).status).toBe(200);
    const actions = (await readActivity(api, event.id)).slice(0, 4).map((row) => row.action);
    expect(actions).toEqual(['deleted', 'updated', 'restored', 'deleted']);
  });
});
