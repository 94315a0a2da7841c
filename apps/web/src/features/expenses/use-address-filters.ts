import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type ExpenseFilters, filtersFromSearch, searchOfFilters } from './expense-filters';

/** How long typing must pause before the list follows (the spec's search debounce). */
const SETTLE_MS = 300;

export interface AddressFilters {
  /** The filters the list shows: the person's latest choice, mirrored in the address. */
  filters: ExpenseFilters;
  /** Shows other filters at once and writes them to the address, with the search field's text. */
  setFilters(next: ExpenseFilters): void;
  /** The search field: its text, kept apart from the filters while the person types. */
  search: { text: string; type(text: string): void; settle(): void };
}

/**
 * The expense list's filters, kept in the address so a filtered list can be shared and survives
 * a reload.
 *
 * The filters shown live in this component's state and change at once; the address follows. The
 * router applies an address as a transition, which a busy page may render later, so reading the
 * filters back from the address would let a quick second choice start from the one before the
 * first (a category ticked, then another, keeping only the second). Addresses this hook wrote are
 * recognised when they come back; any other (back, a link) replaces what is shown. The search
 * text is written once typing pauses, or on Enter.
 */
export function useAddressFilters(): AddressFilters {
  const [params, setParams] = useSearchParams();
  const address = params.toString();
  const [filters, setShown] = useState(() => filtersFromSearch(params));
  const [text, setText] = useState(filters.search);
  // Read by the timer and by handlers made in an older render.
  const latest = useRef({ filters, text, setParams });
  latest.current.setParams = setParams;
  const written = useRef<string[]>([]);
  const applied = useRef(address);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A search still settling when the person leaves the list must not rewrite the next page's address.
  useEffect(() => () => clearTimeout(pending.current), []);

  useEffect(() => {
    if (address === applied.current) return;
    applied.current = address;
    const ours = written.current.indexOf(address);
    if (ours >= 0) {
      written.current.splice(0, ours + 1);
      return;
    }
    written.current = [];
    const next = filtersFromSearch(new URLSearchParams(address));
    latest.current.filters = next;
    setShown(next);
    // The person's half-typed search stays in the field; a settled one follows the address.
    if (pending.current === undefined) {
      latest.current.text = next.search;
      setText(next.search);
    }
  }, [address]);

  const write = (next: ExpenseFilters) => {
    clearTimeout(pending.current);
    pending.current = undefined;
    latest.current.filters = next;
    setShown(next);
    const query = searchOfFilters(next);
    // An address already asked for is not asked for again: it would never come back as a change.
    if (query.toString() === (written.current.at(-1) ?? applied.current)) return;
    written.current.push(query.toString());
    latest.current.setParams(query, { replace: true });
  };
  return {
    filters,
    // The search is the field's text as it is now, unless the caller changed it (a chip removed).
    setFilters(next) {
      if (next.search !== filters.search) {
        latest.current.text = next.search;
        setText(next.search);
      }
      write({ ...next, search: latest.current.text });
    },
    search: {
      text,
      type(next) {
        setText(next);
        latest.current.text = next;
        clearTimeout(pending.current);
        pending.current = setTimeout(
          () => write({ ...latest.current.filters, search: next }),
          SETTLE_MS,
        );
      },
      settle: () => write({ ...latest.current.filters, search: latest.current.text }),
    },
  };
}
