import type { VirtualItem, Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { recalled, remember, scrollOf } from './history-memory';

/*
 * A window-virtualised list that Back returns to as it was left. Only the rows on screen are
 * rendered, and each is measured once drawn; a list opened afresh places the rows it never drew
 * at their estimated height, so the scroll position alone would land on other rows than the
 * person saw (a date heading is 48 px, not the 40 estimated, and that adds up over a long list).
 * So the rows' measured heights are kept with the history entry, keyed by row identity (a new
 * expense on top shifts the indexes, not the keys), and the list starts with them and at its
 * old offset; the shell then scrolls the window there (app/shell/use-scroll-memory.ts).
 */

/** A measured row as kept: its key (the row's identity) and its height in CSS px. */
type KeptRow = [key: string, size: number];

const isKeptRow = (row: unknown): row is KeptRow =>
  Array.isArray(row) && typeof row[0] === 'string' && typeof row[1] === 'number';

/** The virtualizer's starting options for this history entry: rows as measured, and offset. */
export function useRememberedRows(): {
  initialMeasurementsCache: VirtualItem[];
  initialOffset: number;
} {
  const { key } = useLocation();
  const [start] = useState(() => {
    const rows = recalled(key, 'rows');
    const kept = Array.isArray(rows) ? rows.filter(isKeptRow) : [];
    return {
      initialMeasurementsCache: kept.map(([rowKey, size], index) => ({
        key: rowKey,
        size,
        index,
        start: 0,
        end: size,
        lane: 0,
      })),
      initialOffset: scrollOf(key),
    };
  });
  return start;
}

/** Keeps the list's measured rows with its history entry when the entry is left. */
export function useKeepRows(virtualizer: Virtualizer<Window, Element>): void {
  const { key } = useLocation();
  useEffect(
    () => () =>
      remember(
        key,
        'rows',
        virtualizer.takeSnapshot().map((item): KeptRow => [String(item.key), item.size]),
      ),
    [key, virtualizer],
  );
}
