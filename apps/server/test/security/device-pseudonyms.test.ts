import { createHmac, randomUUID } from 'node:crypto';
import { readConfig } from '@server/config';
import { devicePseudonyms, loadPseudonymSecret } from '@server/devices/device-pseudonyms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestApp, type TestApp } from '../support/test-app';

const EVENT = 'ePPUbBK4SwaFdV-grodJMQ';
const OTHER_EVENT = 'Xq3vR8mN2pL5sK9tW1yZ4a';
const SECRET = 'k'.repeat(40);

describe('device pseudonyms', () => {
  it('are a keyed hash of the event and the device: 22 base64url characters, one per event', () => {
    const device = randomUUID();
    const pseudonyms = devicePseudonyms(SECRET);
    const expected = createHmac('sha256', SECRET)
      .update(`${EVENT}:${device}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
    expect(pseudonyms.of(EVENT, device)).toBe(expected);
    expect(expected).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(pseudonyms.of(EVENT, device)).toBe(pseudonyms.of(EVENT, device));
    expect(pseudonyms.of(OTHER_EVENT, device)).not.toBe(expected);
    expect(pseudonyms.of(EVENT, randomUUID())).not.toBe(expected);
    expect(devicePseudonyms('z'.repeat(40)).of(EVENT, device)).not.toBe(expected);
    expect(pseudonyms.of(EVENT, null)).toBeNull();
  });

  it('take their key from DEVICE_PSEUDONYM_SECRET, refused when short and never repeated', () => {
    expect(readConfig({ DEVICE_PSEUDONYM_SECRET: SECRET }).DEVICE_PSEUDONYM_SECRET).toBe(SECRET);
    expect(readConfig({ DEVICE_PSEUDONYM_SECRET: '' }).DEVICE_PSEUDONYM_SECRET).toBeUndefined();
    const refusal = () => readConfig({ DEVICE_PSEUDONYM_SECRET: 'too-short-to-key' });
    expect(refusal).toThrow(/DEVICE_PSEUDONYM_SECRET must be 32 to 200 characters/);
    expect(refusal).toThrow(/a value not shown/);
    expect(refusal).not.toThrow(/too-short-to-key/);
  });
});

describe.each(DATABASES)('the pseudonyms key on %s', (kind) => {
  let started: TestApp;
  beforeAll(async () => {
    started = await startTestApp(kind);
  });
  afterAll(async () => {
    await started?.close();
  });

  it('is made on the first start and kept, so that a device keeps its pseudonym', async () => {
    const { db } = started.database;
    const kept = await loadPseudonymSecret(db, undefined);
    expect(kept).toMatch(/^[0-9a-f]{64}$/);
    expect(await loadPseudonymSecret(db, undefined)).toBe(kept);
    const device = randomUUID();
    expect(started.app.devices.of(EVENT, device)).toBe(devicePseudonyms(kept).of(EVENT, device));
    // The variable, when set, is the key.
    expect(await loadPseudonymSecret(db, SECRET)).toBe(SECRET);
  });
});
