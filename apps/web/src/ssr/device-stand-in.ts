import type { RenderedFor } from '../app/rendered-first-screen';
import { STORAGE_KEYS } from '../lib/storage';

/** A Storage that keeps its items in memory, for one render. */
function memoryStorage(items: Record<string, string>): Storage {
  const map = new Map(Object.entries(items));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => {
      map.delete(key);
    },
    setItem: (key, value) => {
      map.set(key, String(value));
    },
  };
}

/**
 * The browser globals the app reads while it renders (`navigator.language` and `.onLine`, its
 * local storage), standing for the device a first screen is rendered for. Renders run one at a
 * time (render-first-screen.ts), so one set of globals is never shared by two.
 */
export function standInFor(device: RenderedFor): void {
  const storage: Record<string, string> = {
    [STORAGE_KEYS.theme]: device.mode,
    [STORAGE_KEYS.locale]: device.language,
  };
  Object.defineProperty(globalThis, 'navigator', {
    value: { language: device.locale, languages: [device.locale], onLine: true },
    configurable: true,
    writable: true,
  });
  Object.defineProperty(globalThis, 'localStorage', {
    value: memoryStorage(storage),
    configurable: true,
    writable: true,
  });
}
