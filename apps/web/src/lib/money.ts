import type { Currency } from '@quits/contract';
import { formatAmount } from '@quits/domain';
import i18next from 'i18next';

/** Minor units of `currency` in the person's language, e.g. "1.234,56 €" in German. */
export function formatMoney(minor: number, currency: Pick<Currency, 'id' | 'decimals'>): string {
  return formatAmount(minor, currency, i18next.language);
}
