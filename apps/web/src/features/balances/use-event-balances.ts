import type { Balances, Currency, Event } from '@quits/contract';
import {
  computeBalances,
  type ExpenseLike,
  expenseEntry,
  type LedgerEntry,
  type LedgerTotals,
  type PaymentLike,
  paymentEntry,
  type RateTable,
  settle,
} from '@quits/domain';
import { useQuery } from '@tanstack/react-query';
import { currenciesQuery } from '@web/features/currencies';
import { eventRateTable } from '@web/lib/event-rates';
import { useMemo } from 'react';

/** Balances with the event's totals, both added up from its ledger in one pass. */
export type EventBalances = Balances & {
  /** "Total spent" and what was received, as the statistics and the statement count them. */
  totals: LedgerTotals;
};

/**
 * Balances, the fewest transfers and the event's totals, computed on the device by the same
 * domain functions as the server's, so that they follow every change at once, offline changes
 * included.
 *
 * @returns null when the amounts, converted at the event's rates, are too large to add exactly
 */
export function eventBalances(event: Event, currencies: readonly Currency[]): EventBalances | null {
  const rates = eventRateTable(event, currencies);
  try {
    const { balances, missing_rates, totals } = computeBalances({
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
      totals,
    };
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** The event's balances, recomputed whenever the event or the currency list changes. */
export function useEventBalances(event: Event | undefined): EventBalances | null {
  const currencies = useQuery(currenciesQuery()).data;
  return useMemo(
    () => (event ? eventBalances(event, currencies ?? []) : null),
    [event, currencies],
  );
}

/**
 * Minor units of a foreign entry's amount in the event currency, as the ledger counts it
 * (`expenseEntry`: the expense's own rate or amount charged first, then the event's rates;
 * `paymentEntry`); null for the event's own currency, and when no rate is known or the result
 * is out of range, as a guess would only mislead.
 */
export interface HomeAmount {
  expense(expense: ExpenseLike): number | null;
  payment(payment: PaymentLike): number | null;
}

/** `HomeAmount` for one event, following its rates and the currency list. */
export function useHomeAmount(event: Event | undefined): HomeAmount {
  const currencies = useQuery(currenciesQuery()).data;
  return useMemo(() => {
    if (!event) return { expense: () => null, payment: () => null };
    const rates = eventRateTable(event, currencies ?? []);
    const homeOf = <T extends { currency_id: string }>(
      entry: T,
      toLedger: (entry: T, rates: RateTable) => LedgerEntry,
    ) => {
      if (entry.currency_id === event.currency_id) return null;
      try {
        const counted = toLedger(entry, rates);
        return counted.missing_rate === null ? counted.amount : null;
      } catch (error) {
        if (error instanceof RangeError) return null;
        throw error;
      }
    };
    return {
      expense: (expense: ExpenseLike) => homeOf(expense, expenseEntry),
      payment: (payment: PaymentLike) => homeOf(payment, paymentEntry),
    };
  }, [event, currencies]);
}
