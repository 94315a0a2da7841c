import type { Balances, Currency, Event } from '@quits/contract';
import {
  buildRateTable,
  computeBalances,
  convertToEventCurrency,
  type RateTable,
  settle,
} from '@quits/domain';
import { useQuery } from '@tanstack/react-query';
import { currenciesQuery } from '@web/features/currencies';
import { useMemo } from 'react';

/**
 * Balances and the fewest transfers, computed on the device by the same domain functions as the
 * server's, so that they follow every change at once, offline changes included.
 *
 * @returns null when the amounts, converted at the event's rates, are too large to add exactly
 */
export function eventBalances(event: Event, currencies: readonly Currency[]): Balances | null {
  const rates = eventRateTable(event, currencies);
  try {
    const { balances, missing_rates } = computeBalances({
      user_ids: event.users.map((user) => user.id),
      expenditures: event.expenditures,
      payments: event.payments,
      rates,
    });
    return {
      currency_id: event.currency_id,
      balances,
      settlements: settle(balances),
      missing_rates,
    };
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** The event's balances, recomputed whenever the event or the currency list changes. */
export function useEventBalances(event: Event | undefined): Balances | null {
  const currencies = useQuery(currenciesQuery()).data;
  return useMemo(
    () => (event ? eventBalances(event, currencies ?? []) : null),
    [event, currencies],
  );
}

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
