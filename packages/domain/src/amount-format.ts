import { localeDecimalSeparator } from './amount-parse';
import { toMajorString } from './money';

/** The subset of a currency that formatting needs. */
export interface FormatCurrency {
  id: string;
  decimals: number;
}

type Format = (major: `${number}`) => string;

const formatCache = new Map<string, Format>();

function makeFormat(locale: string, currency: FormatCurrency): Format {
  const digits = {
    minimumFractionDigits: currency.decimals,
    maximumFractionDigits: currency.decimals,
  };
  try {
    const formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currency.id,
      ...digits,
    });
    return (major) => formatter.format(major);
  } catch {
    // Intl rejects codes that are not three letters; show the plain number and the code.
    let plain: Intl.NumberFormat;
    try {
      plain = new Intl.NumberFormat(locale, digits);
    } catch {
      plain = new Intl.NumberFormat('en', digits);
    }
    return (major) => `${plain.format(major)} ${currency.id}`;
  }
}

function isNumericLiteral(text: string): text is `${number}` {
  return text !== '' && !Number.isNaN(Number(text));
}

/**
 * Formats an amount for display in a locale with the currency's symbol or code: 123456 EUR in
 * "de" → "1.234,56 €"; VND shows no decimals. The exact decimal string is handed to Intl, so
 * amounts beyond float precision still print every digit.
 *
 * @param minor the amount in minor units of `currency`
 * @param currency the currency's ISO code and its number of minor-unit digits
 * @param locale a BCP 47 tag
 * @returns the text to show
 */
export function formatAmount(minor: number, currency: FormatCurrency, locale: string): string {
  const major = toMajorString(minor, currency.decimals);
  // toMajorString only ever writes digits, one '.' and an optional '-'.
  if (!isNumericLiteral(major)) throw new RangeError(`not a number: ${major}`);
  const key = `${locale}|${currency.id}|${currency.decimals}`;
  let format = formatCache.get(key);
  if (format === undefined) {
    format = makeFormat(locale, currency);
    formatCache.set(key, format);
  }
  return format(major);
}

/**
 * An amount as a person would type it into an amount field: no grouping, no currency, the
 * locale's decimal separator. 123456 with 2 decimals → "1234,56" in "de", "1234.56" in "zh";
 * `parseAmount(text, decimals, locale)` reads it back.
 *
 * @param minor the amount in minor units
 * @param decimals the currency's number of minor-unit digits
 * @param locale a BCP 47 tag
 * @returns the text to put in the field
 */
export function formatAmountInput(minor: number, decimals: number, locale: string): string {
  return toMajorString(minor, decimals).replace('.', localeDecimalSeparator(locale));
}
