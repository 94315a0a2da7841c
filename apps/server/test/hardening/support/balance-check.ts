import type { Balances, CurrencyList, Event } from '@quits/contract';
import { buildRateTable, type CurrencyInfo, computeBalances } from '@quits/domain';
import type { JsonCall } from './fuzz-world';

/** The global currency list, as the balances need it (digits and rates). */
export async function readCurrencies(call: JsonCall): Promise<CurrencyInfo[]> {
  const answer = await call('GET', '/api/currencies');
  if (answer.status !== 200) throw new Error(`GET /api/currencies answered ${answer.status}`);
  return (answer.body as { data: CurrencyList }).data.data;
}

export type BalanceVerdict =
  /** The server's balances sum to zero and equal the domain's own computation. */
  | 'zero'
  /** The event's rates make its sums too large to add exactly: refused alike by both. */
  | 'too-large';

/**
 * Reads the event and its balances and checks them against `@quits/domain` computed from the
 * event as read: every person's balance the same, and the sum exactly zero. Throws when not.
 */
export async function checkBalances(
  call: JsonCall,
  eventId: string,
  currencies: readonly CurrencyInfo[],
): Promise<BalanceVerdict> {
  const read = await call('GET', `/api/events/${eventId}`);
  if (read.status !== 200) throw new Error(`GET event answered ${read.status}`);
  const event = (read.body as { data: Event }).data;
  const answer = await call('GET', `/api/events/${eventId}/balances`);

  let expected: ReturnType<typeof computeBalances> | RangeError;
  try {
    expected = computeBalances({
      user_ids: event.users.map((user) => user.id),
      expenditures: event.expenditures,
      payments: event.payments,
      rates: buildRateTable(event.currency_id, event.currency_rates, currencies),
    });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    expected = error;
  }

  if (answer.status === 422 && expected instanceof RangeError) return 'too-large';
  if (answer.status !== 200) {
    throw new Error(`balances answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  if (expected instanceof RangeError) {
    throw new Error(`the server summed balances the domain finds too large: ${expected.message}`);
  }
  const balances = (answer.body as { data: Balances }).data.balances;
  // Each balance is a safe integer, but a running total of large ones need not be: add exactly.
  const sum = balances.reduce((total, line) => total + BigInt(line.balance), 0n);
  if (sum !== 0n) {
    // The event as read goes with the error, so that the case can be replayed.
    throw new Error(`the balances of ${eventId} sum to ${sum}, not 0`, {
      cause: { event, balances },
    });
  }
  const server = new Map(balances.map((line) => [line.user_id, line.balance]));
  for (const row of expected.balances) {
    if ((server.get(row.user_id) ?? 0) !== row.balance) {
      throw new Error(
        `the balance of ${row.user_id} is ${server.get(row.user_id)}, the domain says ${row.balance}`,
      );
    }
  }
  return 'zero';
}
