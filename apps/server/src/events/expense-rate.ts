import type { Expenditure, ExpenseRate, ExpenseRateBody } from '@quits/contract';
import { defaultExchangeRate, derivedRate } from '@quits/domain';
import type { CurrencyStore } from '@server/currencies/currency-store';
import type { RateHistoryStore } from '@server/currencies/rate-history-store';
import type { Transaction } from '@server/db/connection';
import { eventCurrencyRates } from '@server/db/schema';
import { and, eq } from 'drizzle-orm';

/** What deciding an expense's rate needs to know about the expense as it will be written. */
export interface RatedExpense {
  date: string;
  amount: number;
  currency_id: string;
}

export interface RateSources {
  currencies: CurrencyStore;
  history: RateHistoryStore;
}

/** A typed or charged rate the device sent, or the one the expense keeps when it sent none. */
function chosenByPerson(
  requested: ExpenseRateBody | null | undefined,
  existing: Expenditure | null,
  expense: RatedExpense,
  eventCurrency: string,
): ExpenseRateBody | null {
  if (requested !== undefined) {
    return requested?.source === 'manual' || requested?.source === 'charged' ? requested : null;
  }
  const kept = existing?.rate;
  const stillFits =
    kept &&
    (kept.source === 'manual' || kept.source === 'charged') &&
    existing.currency_id === expense.currency_id &&
    kept.currency_id === eventCurrency;
  return stillFits ? kept : null;
}

/**
 * The rate an expense is converted into its event's currency at, decided on every write so that
 * a changed date, currency or event rate is followed: none in the event's own currency; else the
 * rate the person typed or the amount really charged; else the event's own rate for the currency;
 * else the ECB's reference rate of the expense's date; else today's global rate for a date past
 * the known history. Null when no rate is known at all. An `ecb` rate is always the server's own.
 */
export async function decideExpenseRate(
  tx: Transaction,
  sources: RateSources,
  event: { id: string; currencyId: string },
  expense: RatedExpense,
  requested: ExpenseRateBody | null | undefined,
  existing: Expenditure | null,
): Promise<ExpenseRate | null> {
  const to = event.currencyId;
  const from = expense.currency_id;
  if (from === to) return null;
  const base = { currency_id: to, date: expense.date };

  const personal = chosenByPerson(requested, existing, expense, to);
  if (personal?.source === 'manual' && personal.value) {
    return { ...base, value: personal.value, source: 'manual' };
  }
  if (personal?.source === 'charged' && personal.charged_amount) {
    const decimals = (id: string) => sources.currencies.get(id)?.decimals ?? 2;
    const value = derivedRate(
      expense.amount,
      decimals(from),
      personal.charged_amount,
      decimals(to),
    );
    if (value !== null) {
      return { ...base, value, source: 'charged', charged_amount: personal.charged_amount };
    }
  }

  const [own] = await tx
    .select({ rate: eventCurrencyRates.exchangeRate })
    .from(eventCurrencyRates)
    .where(and(eq(eventCurrencyRates.eventId, event.id), eq(eventCurrencyRates.currencyId, from)));
  if (own) return { currency_id: to, date: null, value: own.rate, source: 'event' };

  // Only the server's own history says what the ECB published: a value a device sends with
  // `source: 'ecb'` is never kept as the ECB's (it would pass off any rate as official).
  const ecb = sources.history.rateOn(from, to, expense.date);
  if (ecb) return { currency_id: to, date: ecb.date, value: ecb.value, source: 'ecb' };
  const lastDay = sources.history.lastDate;
  if (lastDay !== null && expense.date > lastDay) {
    const today = defaultExchangeRate(sources.currencies.get(from), sources.currencies.get(to));
    if (today !== null) {
      return { currency_id: to, date: sources.currencies.ratesDate, value: today, source: 'ecb' };
    }
  }
  return null;
}
