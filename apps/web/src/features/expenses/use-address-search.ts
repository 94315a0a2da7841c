import { useEffect, useRef, useState } from 'react';
import type { SetURLSearchParams } from 'react-router';
import { filtersFromSearch, searchOfFilters } from './expense-filters';

/** How long typing must pause before the list follows (the spec's search debounce). */
const SETTLE_MS = 300;

/**
 * The search field's text, kept apart from the address while the person types and written to
 * it once typing pauses (or on Enter). A search changed in the address from elsewhere (a chip
 * removed, back, a link) shows in the field, unless the person is in the middle of typing.
 */
export function useAddressSearch(
  addressSearch: string,
  setParams: SetURLSearchParams,
): { text: string; type(text: string): void; settle(): void } {
  const [text, setText] = useState(addressSearch);
  const [shownFor, setShownFor] = useState(addressSearch);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);

  if (addressSearch !== shownFor) {
    setShownFor(addressSearch);
    if (pending.current === undefined) setText(addressSearch);
  }

  const write = (search: string) => {
    clearTimeout(pending.current);
    pending.current = undefined;
    setParams((current) => searchOfFilters({ ...filtersFromSearch(current), search }), {
      replace: true,
    });
  };
  return {
    text,
    type(next) {
      setText(next);
      clearTimeout(pending.current);
      pending.current = setTimeout(() => write(next), SETTLE_MS);
    },
    settle: () => write(text),
  };
}
