import { errorBodySchema, LIMITS } from '@quits/contract';
import { events } from '@server/db/schema';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '@server/http/json-depth';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/api-checks';
import { createEvent, expenseBody, paymentBody, personId } from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';

/** `depth` arrays inside each other, around `inner`. */
const nested = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":{"c":{}}}}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":"[[[[[[[[","b":"\\"[[[["}', 1)).toBe(false);
    expect(nestsDeeperThan('[1,[2],[3],[4],[5]]', 2)).toBe(false);
  });
});

describe.each(DATABASES)('request limits (%s)', (kind) => {
  const started = useTestApp(kind);
  const post = (url: string, payload: string) =>
    started().app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('answers JSON nested deeper than any request needs with 400 and a message', async () => {
    for (const depth of [MAX_JSON_DEPTH + 1, 10_000, 500_000]) {
      const answer = await post('/api/events', nested(depth));
      expect(answer.statusCode, `depth ${depth}`).toBe(400);
      expect(errorBodySchema.parse(answer.json()).message).toMatch(/nests deeper than 64/);
    }
    const objects = `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`;
    expect((await post('/api/events', objects)).statusCode).toBe(400);
  });

  it('reads JSON as deep as allowed and judges it by its fields', async () => {
    const answer = await post('/api/events', nested(MAX_JSON_DEPTH));
    expect(answer.statusCode).toBe(422);
  });

  it('answers a body over 1 MB with 413 and a message', async () => {
    const answer = await post(
      '/api/events',
      JSON.stringify({ name: 'x'.repeat(1_100_000), currency_id: 'EUR' }),
    );
    expect(answer.statusCode).toBe(413);
    expect(errorBodySchema.parse(answer.json()).message).toBe('The request body is too large.');
  });

  it(`keeps an event at ${LIMITS.maxItems} expenses and payments, with a clear message`, async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const ana = personId(event, 'Ana');
    const ben = personId(event, 'Ben');
    await started()
      .database.db.update(events)
      .set({ itemCount: LIMITS.maxItems })
      .where(eq(events.id, event.id));
    const expense = await api.post(
      `/api/event/${event.id}/expenditure`,
      expenseBody({ payer: ana, among: [ana, ben], amount: 1000 }),
    );
    const refusal = expectError(expense, 422);
    expect(refusal.message).toBe(
      `This event is full: it holds at most ${LIMITS.maxItems} expenses and payments.`,
    );
    const payment = await api.post(
      `/api/event/${event.id}/payments`,
      paymentBody({ from: ana, to: ben, amount: 500 }),
    );
    expect(expectError(payment, 422).message).toBe(refusal.message);
    // One place freed, one entry fits again.
    await started()
      .database.db.update(events)
      .set({ itemCount: LIMITS.maxItems - 1 })
      .where(eq(events.id, event.id));
    const fits = await api.post(
      `/api/event/${event.id}/expenditure`,
      expenseBody({ payer: ana, among: [ana, ben], amount: 1000 }),
    );
    expect(fits.status).toBe(201);
  });
});
