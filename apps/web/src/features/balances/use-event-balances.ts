import type { Balances, Currency, Event } from '@quits/contract';
import { computeBalances, settle } from '@quits/domain';
import { useQuery } from '@tanstack/react-query';
import { currenciesQuery } from '@web/features/currencies/api/get-currencies';
import { eventRateTable } from '@web/features/currencies/home-amount';
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
