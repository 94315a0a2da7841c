import { CATEGORIES, type Category } from '@quits/contract';

/** Whether a person filter means they paid, they shared, or either. */
export type PersonRole = 'any' | 'paid' | 'shared';

/**
 * What the expense list shows: every field empty means everything. Amounts are minor units of
 * the event's currency (an expense in another currency counts at its converted amount).
 */
export interface ExpenseFilters {
  search: string;
  categories: readonly Category[];
  personId: string;
  role: PersonRole;
  from: string;
  to: string;
  min: number | null;
  max: number | null;
  currencyId: string;
}

export const NO_FILTERS: ExpenseFilters = {
  search: '',
  categories: [],
  personId: '',
  role: 'any',
  from: '',
  to: '',
  min: null,
  max: null,
  currencyId: '',
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const CURRENCY = /^[A-Z]{3}$/;
const MINOR_UNITS = /^\d{1,15}$/;
const ROLES: ReadonlySet<string> = new Set(['paid', 'shared']);
const KNOWN_CATEGORIES: ReadonlySet<string> = new Set(CATEGORIES);

const isCategory = (value: string): value is Category => KNOWN_CATEGORIES.has(value);

function minorOf(text: string | null): number | null {
  return text !== null && MINOR_UNITS.test(text) ? Number(text) : null;
}

/**
 * The filters a list's address names (`?q=taxi&category=transport&from=2026-03-01`). A link is
 * typed by people and edited by hand: what a field cannot mean is left out, never an error.
 */
export function filtersFromSearch(params: URLSearchParams): ExpenseFilters {
  const text = (key: string) => params.get(key) ?? '';
  const role = text('role');
  const from = text('from');
  const to = text('to');
  const currencyId = text('currency');
  return {
    search: text('q').slice(0, 200),
    categories: [...new Set(params.getAll('category').filter(isCategory))],
    personId: text('person').slice(0, 64),
    role: ROLES.has(role) ? (role as PersonRole) : 'any',
    from: ISO_DATE.test(from) ? from : '',
    to: ISO_DATE.test(to) ? to : '',
    min: minorOf(params.get('min')),
    max: minorOf(params.get('max')),
    currencyId: CURRENCY.test(currencyId) ? currencyId : '',
  };
}

/** The address's query for these filters: only what narrows the list, in a fixed order. */
export function searchOfFilters(filters: ExpenseFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search !== '') params.set('q', filters.search);
  for (const category of filters.categories) params.append('category', category);
  if (filters.personId !== '') {
    params.set('person', filters.personId);
    if (filters.role !== 'any') params.set('role', filters.role);
  }
  if (filters.from !== '') params.set('from', filters.from);
  if (filters.to !== '') params.set('to', filters.to);
  if (filters.min !== null) params.set('min', String(filters.min));
  if (filters.max !== null) params.set('max', String(filters.max));
  if (filters.currencyId !== '') params.set('currency', filters.currencyId);
  return params;
}

/** How many filters beyond the search narrow the list (a badge on the filters button). */
export function activeFilterCount(filters: ExpenseFilters): number {
  return [
    filters.categories.length > 0,
    filters.personId !== '',
    filters.from !== '' || filters.to !== '',
    filters.min !== null || filters.max !== null,
    filters.currencyId !== '',
  ].filter(Boolean).length;
}
