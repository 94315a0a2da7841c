import type { Currency } from '@quits/contract';
import type { PeriodUnit } from '@quits/domain';
import { formatLocale } from '@web/lib/locale';
import { formatMoney } from '@web/lib/money';

type CurrencyDigits = Pick<Currency, 'id' | 'decimals'>;

/**
 * Minor units as a short axis label ("€1.2K", "1,2 Tsd. €"). Only for chart ticks: the figures
 * people read in full go through `formatMoney`, exact to the minor unit.
 */
export function formatMoneyCompact(minor: number, currency: CurrencyDigits): string {
  // Display only: a tick's position is already a rounded, approximate value.
  const major = minor / 10 ** currency.decimals;
  try {
    return new Intl.NumberFormat(formatLocale(), {
      style: 'currency',
      currency: currency.id,
      notation: 'compact',
      maximumFractionDigits: 1,
    }).format(major);
  } catch {
    return formatMoney(minor, currency);
  }
}

/** A share of a whole as the reader writes percentages ("38 %", "38%"). */
export function formatPercent(part: number, whole: number): string {
  const ratio = whole === 0 ? 0 : part / whole;
  return new Intl.NumberFormat(formatLocale(), {
    style: 'percent',
    maximumFractionDigits: ratio < 0.1 ? 1 : 0,
  }).format(ratio);
}

/** UTC noon of a `YYYY-MM-DD` or `YYYY-MM` period, so that no time zone moves it a day. */
function periodDate(period: string): Date {
  return new Date(`${period.length === 7 ? `${period}-01` : period}T12:00:00Z`);
}

/** A period as a chart's axis names it: "20 Nov" per day, "Nov 2026" per month. */
export function formatPeriodShort(period: string, unit: PeriodUnit): string {
  return periodDate(period).toLocaleDateString(formatLocale(), {
    timeZone: 'UTC',
    ...(unit === 'day' ? { day: 'numeric', month: 'short' } : { month: 'short', year: '2-digit' }),
  });
}

/** A period in full, for text read aloud: "20 November 2026", "November 2026". */
export function formatPeriodLong(period: string, unit: PeriodUnit): string {
  return periodDate(period).toLocaleDateString(formatLocale(), {
    timeZone: 'UTC',
    ...(unit === 'day'
      ? { day: 'numeric', month: 'long', year: 'numeric' }
      : { month: 'long', year: 'numeric' }),
  });
}
