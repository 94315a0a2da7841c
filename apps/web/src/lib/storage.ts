/**
 * The spec's local storage keys, in one place. A value that cannot be read
 * (another app's leftovers, a full or blocked storage) reads as absent instead of failing.
 * No imports: the first-screen script (app/first-screen-script) reads with these too, and is
 * inlined in every page.
 */
export const STORAGE_KEYS = {
  events: 'events',
  /** Events of the local list that were deleted: id → when, and until when they can be restored. */
  deletedEvents: 'deletedEvents',
  whoami: 'whoami',
  activeEventId: 'activeEventId',
  currencies: 'currencies',
  theme: 'theme',
  locale: 'locale',
  installPrompt: 'installPrompt',
  deviceId: 'device_id',
  /** The password this server asked to create an event, as last given (creation-password.ts). */
  creationPassword: 'creationPassword',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/**
 * How to reach the storage: `localStorage`, which may throw as it is reached (a browser that
 * blocks it), or a stand-in.
 */
export type StorageAccess = () => Pick<Storage, 'getItem' | 'setItem'>;

const local: StorageAccess = () => localStorage;

export function readStored<T>(
  key: StorageKey,
  isValid: (value: unknown) => value is T,
  storage: StorageAccess = local,
): T | null {
  try {
    const raw = storage().getItem(key);
    if (raw === null) return null;
    if (isValid(raw)) return raw;
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

/** Strings are stored as they are (`theme` = `dark`, as the spec shows); the rest as JSON. */
export function writeStored(key: StorageKey, value: unknown): void {
  try {
    localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
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
