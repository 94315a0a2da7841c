import type { Expenditure, ExpenditureBody, ExpenseRate } from '@quits/contract';

/**
 * The rate a queued expense converts at on this device until the server decides it: a typed rate
 * or an amount charged as sent; else the rate it keeps while its date and currency stay; else
 * none (today's rates apply here, and the server sets the rate of the date on replay).
 */
export function pendingRate(
  body: ExpenditureBody,
  previous: Expenditure | undefined,
  eventCurrency: string,
): ExpenseRate | null {
  if (body.currency_id === eventCurrency) return null;
  const base = { currency_id: eventCurrency, date: body.date };
  const sent = body.rate;
  if (sent?.source === 'manual' && sent.value) {
    return { ...base, value: sent.value, source: 'manual' };
  }
  if (sent?.source === 'charged' && sent.charged_amount) {
    // Balances use the charged amount itself; the value only labels it until the server's comes.
    const value = sent.charged_amount / body.amount;
    return { ...base, value, source: 'charged', charged_amount: sent.charged_amount };
  }
  const kept = previous?.rate;
  const keptFits =
    kept &&
    kept.currency_id === eventCurrency &&
    previous.currency_id === body.currency_id &&
    (sent === undefined
      ? true
      : previous.date === body.date && kept.source !== 'manual' && kept.source !== 'charged');
  return keptFits ? kept : null;
}
