/**
 * What a screen keeps per entry of the browser's history (react-router's `location.key`), so
 * that Back returns to it as it was left: the window's scroll position, a virtualised list's
 * measured rows. Kept in sessionStorage: it survives a reload, and ends with the tab, as the
 * history entries it belongs to do. Each part is a store of its own with its own bound, so that
 * a few large lists never push the many small scroll positions out of the storage's quota.
 */
export type MemoryPart = 'scroll' | 'rows';

/** Entries kept per part: a long session's history would otherwise grow the storage. */
const KEEP: Record<MemoryPart, number> = { scroll: 60, rows: 4 };

type Store = [key: string, value: unknown][];

const storeName = (part: MemoryPart) => `quits.history.${part}`;

function readStore(part: MemoryPart): Store {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(storeName(part)) ?? '[]');
    return Array.isArray(parsed) ? (parsed as Store) : [];
  } catch {
    return [];
  }
}

/**
 * react-router's key of a page's first entry: every page opened by its address has it, so what
 * was kept under it in the storage belongs to whichever page had it last. It is kept for this
 * page's life only (a return to it within the page), never across pages.
 */
const FIRST_ENTRY = 'default';

/** This page's first entry, by part. */
const firstEntry = new Map<MemoryPart, unknown>();

/** The value a screen kept as `part` of the history entry `key`, if any. */
export function recalled(key: string, part: MemoryPart): unknown {
  if (key === FIRST_ENTRY) return firstEntry.get(part);
  return readStore(part).find(([entry]) => entry === key)?.[1];
}

/** Keeps `value` as `part` of the history entry `key`; the least recently kept go first. */
export function remember(key: string, part: MemoryPart, value: unknown): void {
  if (key === FIRST_ENTRY) {
    firstEntry.set(part, value);
    return;
  }
  const kept = readStore(part).filter(([entry]) => entry !== key);
  const newest: Store[number] = [key, value];
  const store: Store = [newest, ...kept].slice(0, KEEP[part]);
  try {
    sessionStorage.setItem(storeName(part), JSON.stringify(store));
  } catch {
    // A full or blocked storage costs only the return to the same place.
  }
}

/** Window scroll positions of this page's life, by history entry: cheap to update per frame. */
const scrolls = new Map<string, number>();

/** Notes the window's scroll position of the entry on screen (per scroll event). */
export function noteScroll(key: string, y: number): void {
  scrolls.set(key, y);
}

/** Writes the entry's last noted position to the storage (as it is left, or the page hides). */
export function keepScroll(key: string): void {
  remember(key, 'scroll', scrolls.get(key) ?? 0);
}

/** Where the window was on the entry `key` when it was left, in CSS px; 0 if never scrolled. */
export function scrollOf(key: string): number {
  const saved = scrolls.get(key) ?? recalled(key, 'scroll');
  return typeof saved === 'number' && Number.isFinite(saved) && saved > 0 ? saved : 0;
}
