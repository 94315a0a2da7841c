import type { RenderedFor } from '@web/lib/rendered-first-screen';
import { STORAGE_KEYS } from '@web/lib/storage';

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
 * Runs `render` with the browser globals the app reads while it renders (`navigator.language`
 * and `.onLine`, its local storage) standing for the device a first screen is rendered for, and
 * puts back what was there after: the rest of the server must never take itself for a browser.
 * Renders run one at a time (render-first-screen.ts), so one set of globals is never shared by
 * two.
 */
export async function asDevice<T>(device: RenderedFor, render: () => Promise<T>): Promise<T> {
  const stand: Record<string, unknown> = {
    navigator: { language: device.locale, languages: [device.locale], onLine: true },
    localStorage: memoryStorage({
      [STORAGE_KEYS.theme]: device.mode,
      [STORAGE_KEYS.locale]: device.language,
    }),
  };
  const before = Object.keys(stand).map(
    (name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const,
  );
  for (const [name, value] of Object.entries(stand)) {
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  }
  try {
    return await render();
  } finally {
    for (const [name, descriptor] of before) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    }
  }
}
