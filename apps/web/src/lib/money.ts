import type { Currency, Event } from '@quits/contract';
import { formatAmount, formatAmountInput } from '@quits/domain';
import { formatLocale } from './locale';

/** Minor units of `currency` in the person's language, e.g. "1.234,56 €" in German. */
export function formatMoney(minor: number, currency: Pick<Currency, 'id' | 'decimals'>): string {
  return formatAmount(minor, currency, formatLocale());
}

/** Minor units as the person would type them: no grouping, the locale's decimal separator. */
export function minorToInput(minor: number, decimals: number): string {
  return formatAmountInput(minor, decimals, formatLocale());
}

const displayNames = new Map<string, Intl.DisplayNames>();

/**
 * A currency's name in the person's language ("US-Dollar", "美元"), as Intl knows it; the
 * server's English name for a code Intl does not know.
 */
export function currencyName(currency: Pick<Currency, 'id' | 'name'>): string {
  const locale = formatLocale();
  try {
    let names = displayNames.get(locale);
    if (!names) {
      names = new Intl.DisplayNames(locale, { type: 'currency', fallback: 'none' });
      displayNames.set(locale, names);
    }
    return names.of(currency.id) ?? currency.name;
  } catch {
    return currency.name;
  }
}

/** A currency as the pickers list it: "EUR — Euro". */
export function currencyLabel(currency: Pick<Currency, 'id' | 'name'>): string {
  return `${currency.id} — ${currencyName(currency)}`;
}

/** ISO 4217's minor-unit digits as the browser knows them (VND 0, KWD 3); 2 when unknown. */
function isoDecimals(currencyId: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency: currencyId }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/**
 * The minor-unit digits of a currency in this event: the event's own, else the global list's,
 * else ISO 4217's, so that 1.000 ₫ never shows as 1.000,00 ₫ before the list has loaded.
 */
export function currencyDecimals(
  event: Event,
  currencyId: string,
  list: readonly Currency[] = [],
): number {
  if (currencyId === event.currency_id && event.currency) return event.currency.decimals;
  return list.find((currency) => currency.id === currencyId)?.decimals ?? isoDecimals(currencyId);
}
