import type { Currency, Event } from '@quits/contract';
import { type BalanceTimeline, balanceTimeline } from '@quits/domain';
import { eventRateTable } from '@web/lib/event-rates';

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
  try {
    return balanceTimeline({
      user_ids: event.users.map((user) => user.id),
      expenditures: event.expenditures.filter((expense) => !expense.deleted_at),
      payments: event.payments.filter((payment) => !payment.deleted_at),
      rates: eventRateTable(event, currencies),
    });
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}
