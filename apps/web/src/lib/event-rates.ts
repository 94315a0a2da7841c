import type { Currency, Event } from '@quits/contract';
import { buildRateTable, type RateTable } from '@quits/domain';

/**
 * The rates that turn an event's amounts into its currency: its own first, then the currency
 * list's, with the event's own currency known even before the list has loaded. Every figure the
 * app computes from the event's ledger (balances, totals, statistics, the statement, a person's
 * statement, the balance chart, an entry's amount in the event currency) reads this one table,
 * so that none can differ from another.
 */
export function eventRateTable(event: Event, currencies: readonly Currency[]): RateTable {
  const known = event.currency ? [...currencies, event.currency] : currencies;
  return buildRateTable(event.currency_id, event.currency_rates, known);
}
