import type { Currency, Event } from '@quits/contract';
import { formatAmount, toMajorString } from '@quits/domain';
import { formatLocale } from './locale';

/** Minor units of `currency` in the person's language, e.g. "1.234,56 €" in German. */
export function formatMoney(minor: number, currency: Pick<Currency, 'id' | 'decimals'>): string {
  return formatAmount(minor, currency, formatLocale());
}

/** Minor units as the person would type them: no grouping, the locale's decimal separator. */
export function minorToInput(minor: number, decimals: number): string {
  const separator =
    new Intl.NumberFormat(formatLocale()).formatToParts(1.1).find((part) => part.type === 'decimal')
      ?.value ?? '.';
  return toMajorString(minor, decimals).replace('.', separator);
}

/** The minor-unit digits of a currency in this event (2 when nobody knows it). */
export function currencyDecimals(
  event: Event,
  currencyId: string,
  list: readonly Currency[] = [],
): number {
  if (currencyId === event.currency_id && event.currency) return event.currency.decimals;
  return list.find((currency) => currency.id === currencyId)?.decimals ?? 2;
}
