import { assertMinorUnits, roundHalfAwayFromZero } from './money';

/** A currency of the global list. `rate` is the value of ONE unit in EUR (the base); null = unknown. */
export interface CurrencyInfo {
  id: string;
  decimals: number;
  rate: number | null;
}

/** Everything conversion into one event's currency needs, built once per request. */
export interface RateTable {
  eventCurrency: CurrencyInfo;
  /** The event's own rates: the value of ONE unit of that currency in the event currency. */
  eventRates: ReadonlyMap<string, number>;
  /** The global list, by id. */
  currencies: ReadonlyMap<string, CurrencyInfo>;
}

/** An amount in minor units of the event currency; `missingRate` when no rate was known. */
export interface Conversion {
  amount: number;
  missingRate: boolean;
}

// Digits assumed for a currency the global list does not know (the common case, as EUR).
const UNKNOWN_DECIMALS = 2;

function usableRate(rate: number | null | undefined): rate is number {
  return typeof rate === 'number' && Number.isFinite(rate) && rate > 0;
}

/**
 * Gathers the rates that convert amounts into an event's currency. Event rates that are not
 * finite and positive are dropped, so the global ratio applies to those currencies instead.
 *
 * @param eventCurrencyId the event's currency (an unknown one counts as 2 decimals, no rate)
 * @param eventRates the event's own rates (event-currency units per one unit of currency_id)
 * @param currencies the global list with each currency's digits and its rate in EUR
 */
export function buildRateTable(
  eventCurrencyId: string,
  eventRates: readonly { currency_id: string; exchange_rate: number }[],
  currencies: Iterable<CurrencyInfo>,
): RateTable {
  const byId = new Map<string, CurrencyInfo>();
  for (const currency of currencies) byId.set(currency.id, currency);
  const own = new Map<string, number>();
  for (const { currency_id, exchange_rate } of eventRates) {
    if (usableRate(exchange_rate)) own.set(currency_id, exchange_rate);
  }
  const eventCurrency = byId.get(eventCurrencyId) ?? {
    id: eventCurrencyId,
    decimals: UNKNOWN_DECIMALS,
    rate: null,
  };
  return { eventCurrency, eventRates: own, currencies: byId };
}

/** Multiplies by 10^shift exactly where it matters: dividing by 10^n beats multiplying by 0.1^n. */
function shiftDecimals(value: number, shift: number): number {
  return shift >= 0 ? value * 10 ** shift : value / 10 ** -shift;
}

/**
 * Converts an amount into the event currency: round(amount × 10^(d_event − d_source) × factor),
 * halves away from zero, where factor is the event's own rate for the source currency if it has
 * one, else rate(source) / rate(event) from the global list. Without any rate the major amount
 * is kept (1,000 JPY counts as 1,000.00 EUR) and `missingRate` is set, as the product says.
 *
 * @param amount minor units of `currencyId` (a safe integer)
 * @param currencyId the source currency; one the global list lacks counts as 2 decimals
 * @returns the amount in minor units of the event currency
 * @throws RangeError when the result is beyond the safe integer range
 */
export function convertToEventCurrency(
  amount: number,
  currencyId: string,
  table: RateTable,
): Conversion {
  assertMinorUnits(amount);
  const target = table.eventCurrency;
  if (currencyId === target.id) return { amount, missingRate: false };
  const source = table.currencies.get(currencyId);
  const shift = target.decimals - (source?.decimals ?? UNKNOWN_DECIMALS);

  const own = table.eventRates.get(currencyId);
  let converted: number;
  let missingRate = false;
  if (usableRate(own)) {
    converted = shiftDecimals(amount * own, shift);
  } else if (usableRate(source?.rate) && usableRate(target.rate)) {
    converted = shiftDecimals((amount * source.rate) / target.rate, shift);
  } else {
    converted = shiftDecimals(amount, shift);
    missingRate = true;
  }
  return {
    amount: assertMinorUnits(roundHalfAwayFromZero(converted), 'converted amount'),
    missingRate,
  };
}
