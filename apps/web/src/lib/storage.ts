/**
 * The spec's local storage keys, in one place. Values are JSON; a value that cannot be read
 * (another app's leftovers, a full or blocked storage) reads as absent instead of failing.
 */
export const STORAGE_KEYS = {
  events: 'events',
  whoami: 'whoami',
  activeEventId: 'activeEventId',
  currencies: 'currencies',
  theme: 'theme',
  locale: 'locale',
  installPrompt: 'installPrompt',
  deviceId: 'device_id',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readStored<T>(key: StorageKey, isValid: (value: unknown) => value is T): T | null {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or blocked storage loses only this device's convenience copy; the server has it all.
  }
}

export function removeStored(key: StorageKey): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // As above.
  }
}

export const isString = (value: unknown): value is string => typeof value === 'string';
