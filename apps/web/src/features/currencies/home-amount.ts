import type { Currency, Event } from '@quits/contract';
import { buildRateTable, convertToEventCurrency, type RateTable } from '@quits/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { currenciesQuery } from './api/get-currencies';

/** The rates that turn an event's amounts into its currency: its own first, then the list's. */
export function eventRateTable(event: Event, currencies: readonly Currency[]): RateTable {
  const known = event.currency ? [...currencies, event.currency] : currencies;
  return buildRateTable(event.currency_id, event.currency_rates, known);
}

/**
 * Minor units of a foreign amount in the event currency, converted as the balances convert it
 * (the domain's rule and the event's rates); null for the event's own currency, and when no rate
 * is known or the result is out of range, as a guess would only mislead.
 */
export type HomeAmount = (amount: number, currencyId: string) => number | null;

/** `HomeAmount` for one event, following its rates and the currency list. */
export function useHomeAmount(event: Event | undefined): HomeAmount {
  const currencies = useQuery(currenciesQuery()).data;
  return useMemo(() => {
    if (!event) return () => null;
    const rates = eventRateTable(event, currencies ?? []);
    return (amount, currencyId) => {
      if (currencyId === event.currency_id) return null;
      try {
        const converted = convertToEventCurrency(amount, currencyId, rates);
        return converted.missingRate ? null : converted.amount;
      } catch (error) {
        if (error instanceof RangeError) return null;
        throw error;
      }
    };
  }, [event, currencies]);
}
