import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type ExpenseFilters, filtersFromSearch, searchOfFilters } from './expense-filters';

/** How long typing must pause before the list follows (the spec's search debounce). */
const SETTLE_MS = 300;

export interface AddressFilters {
  /** The filters the address names: what the list shows. */
  filters: ExpenseFilters;
  /** Writes other filters to the address, with whatever the search field holds at that moment. */
  setFilters(next: ExpenseFilters): void;
  /** The search field: its text, kept apart from the address while the person types. */
  search: { text: string; type(text: string): void; settle(): void };
}

/**
 * The expense list's filters, kept in the address so a filtered list can be shared and survives
 * a reload. The search text is written once typing pauses (or on Enter). Every write takes the
 * search field's text as it is now — never the one a pending timer or an older render saw — so a
 * filter chosen while or just after the search settles keeps both; a search changed in the address from elsewhere (a chip
 * removed, back, a link) shows in the field unless the person is in the middle of typing.
 */
export function useAddressFilters(): AddressFilters {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const [text, setText] = useState(filters.search);
  const [shownFor, setShownFor] = useState(filters.search);
  // The timer and the menus' handlers outlive the render that made them: they read the latest
  // address, setter and search text here.
  const latest = useRef({ filters, setParams, text });
  latest.current = { filters, setParams, text };
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A search still settling when the person leaves the list must not rewrite the next page's address.
  useEffect(() => () => clearTimeout(pending.current), []);

  if (filters.search !== shownFor) {
    setShownFor(filters.search);
    if (pending.current === undefined) setText(filters.search);
  }

  const write = (next: ExpenseFilters) => {
    clearTimeout(pending.current);
    pending.current = undefined;
    latest.current.setParams(searchOfFilters(next), { replace: true });
  };
  return {
    filters,
    // The search is the field's text as it is now, unless the caller changed it (a chip removed).
    setFilters: (next) =>
      write({
        ...next,
        search: next.search !== filters.search ? next.search : latest.current.text,
      }),
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
