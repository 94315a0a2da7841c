import { STORAGE_KEYS, type StorageAccess } from './storage';

let cached: string | null = null;

/**
 * The random UUID this device sends as `Device-ID`: the one kept in `storage`, else a new one,
 * kept from now on. Null when the storage cannot be read (an id it does not keep would be
 * another device's on the next visit) or the browser cannot make one (`randomUUID` needs a
 * secure origin). The app (`deviceId` below) and the first-screen script, which asks the API
 * before the app runs (app/first-screen-script/), both take it from here.
 */
export function keptDeviceId(
  storage: StorageAccess,
  crypto: Partial<Pick<Crypto, 'randomUUID'>> | undefined,
): string | null {
  let id: string | null = null;
  try {
    const kept = storage();
    id = kept.getItem(STORAGE_KEYS.deviceId);
    if (!id && crypto?.randomUUID) {
      id = crypto.randomUUID();
      kept.setItem(STORAGE_KEYS.deviceId, id);
    }
  } catch {
    // Unreadable: none. Full: the id just made, for as long as the page is open.
  }
  return id || null;
}

/**
 * The device's id, made on the first visit and kept; where the storage cannot be read, one for
 * as long as the page is open.
 */
export function deviceId(): string {
  cached ??= keptDeviceId(() => localStorage, crypto) ?? crypto.randomUUID();
  return cached;
}
