import { describe, expect, it } from 'vitest';
import { keptDeviceId } from './device-id';

/** A storage holding `items`, as localStorage does. */
function storageOf(items: Record<string, string> = {}) {
  const map = new Map(Object.entries(items));
  return {
    map,
    storage: () => ({
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
    }),
  };
}

const uuids = { randomUUID: () => '00000000-0000-4000-8000-000000000001' as const };

describe('the device’s id', () => {
  it('is the one kept on the device', () => {
    const { storage } = storageOf({ device_id: 'kept' });
    expect(keptDeviceId(storage, uuids)).toBe('kept');
  });

  it('is made on the first visit and kept from then on', () => {
    const { storage, map } = storageOf();
    expect(keptDeviceId(storage, uuids)).toBe(uuids.randomUUID());
    expect(map.get('device_id')).toBe(uuids.randomUUID());
    expect(keptDeviceId(storage, { randomUUID: undefined })).toBe(uuids.randomUUID());
  });

  it('is none when the storage cannot be reached or read: an id not kept would change', () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    expect(keptDeviceId(blocked, uuids)).toBeNull();
    const unreadable = () => ({ getItem: blocked, setItem: () => {} });
    expect(keptDeviceId(unreadable, uuids)).toBeNull();
  });

  it('is made all the same when the storage is full', () => {
    const full = () => ({
      getItem: () => null,
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    });
    expect(keptDeviceId(full, uuids)).toBe(uuids.randomUUID());
  });

  it('is none where the browser cannot make one (no crypto.randomUUID)', () => {
    expect(keptDeviceId(storageOf().storage, {})).toBeNull();
    expect(keptDeviceId(storageOf().storage, undefined)).toBeNull();
  });
});
