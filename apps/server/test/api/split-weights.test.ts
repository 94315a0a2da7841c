import { randomUUID } from 'node:crypto';
import type { Event, Expenditure } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { expectError, expectFieldError, readState } from '../support/api-checks';
import { createEvent, expenseBody, personId } from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';

/** A split by shares naming `ids` beside the event's own people. */
function sharesOf(event: Event, ids: readonly string[]) {
  const own = Object.fromEntries(event.users.map((user) => [user.id, 1]));
  return { mode: 'shares', weights: { ...own, ...Object.fromEntries(ids.map((id) => [id, 1])) } };
}

const strangers = (count: number) => Array.from({ length: count }, () => randomUUID());

describe.each(DATABASES)("a split's weights on %s", (kind) => {
  const started = useTestApp(kind);

  it('refuses 19,000 ids of nobody at all before anything is stored, on every path', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const ana = personId(event, 'Ana');
    const before = await readState(api, event.id);
    const split = sharesOf(event, strangers(19_000));
    expect(JSON.stringify(split).length).toBeGreaterThan(700_000);
    const expense = { ...expenseBody({ payer: ana, among: [ana], amount: 900 }), split };
    const created = expectFieldError(
      await api.post(`/api/event/${event.id}/expenditure`, expense),
      'split.weights',
    );
    expect(created.error_codes?.['split.weights']?.[0]).toMatchObject({
      code: 'split_weights_too_many',
      params: { max: 200 },
    });
    const series = {
      id: randomUUID(),
      expense: { ...expense, date: before.event.created_at.slice(0, 10) },
      repeat: { frequency: 'monthly' },
    };
    expectFieldError(
      await api.post(`/api/event/${event.id}/recurrences`, series),
      'expense.split.weights',
    );
    const file = {
      format: 'quits-event',
      version: 1,
      event: { name: 'Flat', desc: '', currency_id: 'EUR', currency_rates: [] },
      people: [{ id: ana, name: 'Ana' }],
      expenditures: [expense],
    };
    expectFieldError(await api.post('/api/events/import', file), 'expenditures.0.split.weights');
    expect(await readState(api, event.id)).toEqual(before);
  });

  it('refuses a weight of someone who is not one of the event, by either create path', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const other = await createEvent(api, ['Zoe']);
    const ana = personId(event, 'Ana');
    const before = await readState(api, event.id);
    for (const stranger of [randomUUID(), personId(other, 'Zoe')]) {
      const split = sharesOf(event, [stranger]);
      // In the event's currency (the one-statement path) and in another (the general path).
      for (const currency_id of ['EUR', 'USD']) {
        const body = {
          ...expenseBody({ payer: ana, among: [ana], amount: 900, currency_id }),
          split,
        };
        const refusal = expectFieldError(
          await api.post(`/api/event/${event.id}/expenditure`, body),
          'split.weights',
        );
        expect(refusal.error_codes?.['split.weights']?.[0]?.code).toBe('split_weights_not_people');
      }
      const series = {
        id: randomUUID(),
        expense: { ...expenseBody({ payer: ana, among: [ana], amount: 900 }), split },
        repeat: { frequency: 'monthly' },
      };
      const refusal = expectError(
        await api.post(`/api/event/${event.id}/recurrences`, series),
        422,
      );
      expect(Object.keys(refusal.errors)).toContain('expense.split.weights');
    }
    expect(await readState(api, event.id)).toEqual(before);
  });

  it("keeps a split naming the event's people, a removed one too", async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben', 'Dan']);
    const [ana, dan] = [personId(event, 'Ana'), personId(event, 'Dan')];
    expect((await api.del(`/api/event/${event.id}/users/${dan}`)).status).toBeLessThan(300);
    const split = sharesOf(event, []);
    for (const currency_id of ['EUR', 'USD']) {
      const body = {
        ...expenseBody({ payer: ana, among: [ana], amount: 900, currency_id }),
        split,
      };
      const saved = await api.post<{ data: Expenditure }>(
        `/api/event/${event.id}/expenditure`,
        body,
      );
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      expect(saved.body.data.split?.weights).toEqual(split.weights);
    }
  });
});
