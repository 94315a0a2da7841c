import { createECDH, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../support/api-checks';
import { createEvent, expenseBody, paymentBody } from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';

/** A P-256 public key as a browser gives it. */
function browserKey(): string {
  const curve = createECDH('prime256v1');
  curve.setPrivateKey(createHash('sha256').update('fuzz findings').digest());
  return curve.getPublicKey().toString('base64url');
}

/**
 * Requests the fuzz (fuzz.test.ts) once answered with a 5xx, each kept as a fixed example on
 * every database, so that the fix stays.
 */
describe.each(DATABASES)('requests the fuzz found answered 5xx, on %s', (kind) => {
  const started = useTestApp(kind);

  it('refuses half of a surrogate pair in any text with a 422, and keeps emoji', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    // The history keeps the change as JSON, where PostgreSQL refuses a lone \ud800.
    const update = await api.put(`/api/events/${event.id}`, { desc: 'a\ud800b' });
    expectFieldError(update, 'desc');
    const person = await api.post('/api/users', { event_id: event.id, name: '\udfff' });
    expectFieldError(person, 'name');
    const emoji = await api.put(`/api/events/${event.id}`, { desc: '👨‍👩‍👧 🇪🇺' });
    expect(emoji.status).toBe(200);
  });

  it('answers the CSV export of an event whose rates overflow its sums with a 422, as its balances', async () => {
    const api = apiClient(started().app);
    // One USD worth a million EUR: 10^11 cents of USD are 10^17 cents of EUR, past 2^53.
    const event = await createEvent(api, ['Ana', 'Ben'], {
      currency_rates: [{ currency_id: 'USD', exchange_rate: 1_000_000 }],
    });
    const [ana, ben] = event.users.map((user) => user.id) as [string, string];
    const expense = expenseBody({
      payer: ana,
      among: [ana, ben],
      amount: 100_000_000_000,
      currency_id: 'USD',
    });
    expect((await api.post(`/api/event/${event.id}/expenditure`, expense)).status).toBe(201);
    expectError(await api.get(`/api/events/${event.id}/balances`), 422);
    const csv = await api.get(`/api/events/${event.id}/export?format=csv`);
    expectError(csv, 422);
  });

  it('answers the balances of an event whose totals pass 2^53 minor units with a 422', async () => {
    const api = apiClient(started().app);
    // Each payment converts to 9 × 10^15 cents of EUR, just exact; Ana's two add up past 2^53.
    const event = await createEvent(api, ['Ana', 'Ben', 'Chloé'], {
      currency_rates: [{ currency_id: 'USD', exchange_rate: 90_000 }],
    });
    const [ana, ben, chloe] = event.users.map((user) => user.id) as [string, string, string];
    for (const to of [ben, chloe]) {
      const payment = paymentBody({ from: ana, to, amount: 100_000_000_000, currency_id: 'USD' });
      expect((await api.post(`/api/event/${event.id}/payments`, payment)).status).toBe(201);
    }
    expectError(await api.get(`/api/events/${event.id}/balances`), 422);
  });

  it('refuses a push subscription that expires after the year 9999 with a 422', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const subscription = (expirationTime: number) => ({
      endpoint: 'https://push.example/push/late',
      expirationTime,
      keys: { p256dh: browserKey(), auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
    });
    // JavaScript's last date: its text has a six-digit year, which PostgreSQL cannot read.
    const latest = await api.post(`/api/push/${event.id}`, subscription(8_639_999_999_999_989));
    expectFieldError(latest, 'expirationTime');
    const year10000 = await api.post(`/api/push/${event.id}`, subscription(253_402_300_800_000));
    expectFieldError(year10000, 'expirationTime');
    const lastOf9999 = await api.post(`/api/push/${event.id}`, subscription(253_402_300_799_999));
    expect(lastOf9999.status).toBe(201);
  });
});
