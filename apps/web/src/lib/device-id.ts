import { isString, readStored, STORAGE_KEYS, writeStored } from './storage';

let cached: string | null = null;

/** The random UUID this device sends as `Device-ID`, made on the first visit and kept. */
export function deviceId(): string {
  if (cached) return cached;
  cached = readStored(STORAGE_KEYS.deviceId, isString) ?? crypto.randomUUID();
  writeStored(STORAGE_KEYS.deviceId, cached);
  return cached;
}
