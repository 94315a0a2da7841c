import type { Currency, Event } from '@quits/contract';
import { type BalanceTimeline, balanceTimeline, buildRateTable } from '@quits/domain';

/**
 * Everyone's balance after each day with an entry, from the event's live expenses and payments
 * at the same rates as the balances (so the last point is the balance the event shows).
 *
 * @returns null when the amounts, converted, are too large to add up exactly
 */
export function eventTimeline(
  event: Event,
  currencies: readonly Currency[],
): BalanceTimeline | null {
  const list = event.currency ? [...currencies, event.currency] : currencies;
  try {
    return balanceTimeline({
      user_ids: event.users.map((user) => user.id),
      expenditures: event.expenditures.filter((expense) => !expense.deleted_at),
      payments: event.payments.filter((payment) => !payment.deleted_at),
      rates: buildRateTable(event.currency_id, event.currency_rates, list),
    });
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}
