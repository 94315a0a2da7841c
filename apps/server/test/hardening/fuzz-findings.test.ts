import { createECDH, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectFieldError } from '../support/api-checks';
import { createEvent } from '../support/fixtures';
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

  it('refuses a push subscription that expires after the year 9999 with a 422', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const subscription = (expirationTime: number) => ({
      endpoint: 'https://127.0.0.1:9/push/late',
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
