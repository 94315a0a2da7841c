import type { DatedRates, Event, ExpenseRate } from '@quits/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/http';

/** GET /currencies/rates/{date}: the ECB's rates of the last published day on or before it. */
const datedRatesQuery = (date: string, enabled: boolean) => ({
  queryKey: ['currencies', 'rates', date],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest<DatedRates>(`/currencies/rates/${date}`, { signal }),
  enabled,
  // A past day's rates never change; offline, the form goes on without them.
  staleTime: 24 * 60 * 60 * 1000,
  retry: false,
});

/** Units of `to` for one unit of `from` by one day's per-euro rates; null when one is missing. */
export function crossRate(perEuro: Readonly<Record<string, number>>, from: string, to: string) {
  const of = (id: string) => (id === 'EUR' ? 1 : perEuro[id]);
  const source = of(from);
  const target = of(to);
  return source && target ? Number((target / source).toPrecision(8)) : null;
}

/**
 * The rate of an expense's date as this device can tell: the event's own rate for the currency,
 * else the ECB's of that day (from the server), else the one the expense already keeps for the
 * same date. Null when none is known (offline, a new date): the server decides it on saving.
 */
export function useDatedRate(
  event: Event | undefined,
  currencyId: string,
  date: string,
  kept: ExpenseRate | null | undefined,
): { rate: ExpenseRate | null; loading: boolean } {
  const to = event?.currency_id ?? '';
  const own = event?.currency_rates.find((rate) => rate.currency_id === currencyId);
  const foreign = Boolean(event) && currencyId !== to;
  const day = useQuery(datedRatesQuery(date, foreign && !own));
  if (!foreign) return { rate: null, loading: false };
  if (own) {
    return {
      rate: { value: own.exchange_rate, currency_id: to, date: null, source: 'event' },
      loading: false,
    };
  }
  const value = day.data ? crossRate(day.data.per_euro, currencyId, to) : null;
  if (value !== null && day.data?.date) {
    return {
      rate: { value, currency_id: to, date: day.data.date, source: 'ecb' },
      loading: false,
    };
  }
  const keptFits = kept?.source === 'ecb' && kept.currency_id === to;
  return { rate: keptFits && !day.data ? kept : null, loading: day.isLoading };
}
