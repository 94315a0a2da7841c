/**
 * The currency a receipt is in, from the marks printed next to its amounts. A mark counts only
 * beside a number (nothing but spaces, a sign or a colon between them), so that letters of words and OCR
 * noise elsewhere never become a currency; codes and unambiguous symbols (`€`, `£`, `₫`, `RM`,
 * `CHF`, `S$`…) count more than a bare `$` or `¥`, which many currencies share. A single glyph
 * (`£`, `€`, `₫`…) counts half as much as a code: OCR makes one of a stray `8` or `E` now and then,
 * so one alone is not enough to answer another currency than the event's.
 */

import isoCurrencies from '@server/currencies/iso-4217.json' with { type: 'json' };

/** The ISO 4217 codes in use: the app's global currency list. */
const ISO_CODES = new Set(isoCurrencies.map((currency) => currency.id));
const isIsoCode = (code: string) => ISO_CODES.has(code);

interface CurrencySign {
  pattern: RegExp;
  /** An ISO 4217 code, or `$` / `¥` for the shared symbols. */
  code: string;
  weight: number;
}

/** A mark shared by several currencies: the event's currency decides which it is. */
export type SharedMark = '$' | '¥';

// Letters around a code must not be letters ("RM" but not "FORM").
const SIGNS: CurrencySign[] = [
  { pattern: /€|(?<!\p{L})EUR(?!\p{L})/gu, code: 'EUR', weight: 2 },
  { pattern: /£|(?<!\p{L})GBP(?!\p{L})/gu, code: 'GBP', weight: 2 },
  { pattern: /(?<!\p{L})(CHF|SFr\.?)(?!\p{L})/gu, code: 'CHF', weight: 2 },
  { pattern: /(?<!\p{L})(RM|MYR)(?!\p{L})/gu, code: 'MYR', weight: 2 },
  { pattern: /₫|(?<!\p{L})(VND|VNĐ|đ)(?!\p{L})/gu, code: 'VND', weight: 2 },
  { pattern: /(?<!\p{L})(MAD|DH|Dhs?)(?!\p{L})/gu, code: 'MAD', weight: 2 },
  { pattern: /(?<!\p{L})AED(?!\p{L})/gu, code: 'AED', weight: 2 },
  { pattern: /(?<!\p{L})(SGD|S\$)/gu, code: 'SGD', weight: 3 },
  { pattern: /(?<!\p{L})(HKD|HK\$)/gu, code: 'HKD', weight: 3 },
  { pattern: /(?<!\p{L})(AUD|AU?\$)/gu, code: 'AUD', weight: 3 },
  { pattern: /(?<!\p{L})(CAD|CA?\$)/gu, code: 'CAD', weight: 3 },
  { pattern: /(?<!\p{L})(NZD|NZ\$)/gu, code: 'NZD', weight: 3 },
  { pattern: /(?<!\p{L})(BRL|R\$)/gu, code: 'BRL', weight: 3 },
  { pattern: /(?<!\p{L})(MXN|MX\$)/gu, code: 'MXN', weight: 3 },
  { pattern: /(?<!\p{L})(USD|US\$)/gu, code: 'USD', weight: 3 },
  { pattern: /(?<![\p{L}$])\$/gu, code: '$', weight: 1 },
  { pattern: /(?<!\p{L})JPY(?!\p{L})|円/gu, code: 'JPY', weight: 2 },
  { pattern: /(?<!\p{L})(CNY|RMB)(?!\p{L})|元/gu, code: 'CNY', weight: 2 },
  { pattern: /¥|￥/gu, code: '¥', weight: 1 },
  { pattern: /₩|(?<!\p{L})KRW(?!\p{L})|원/gu, code: 'KRW', weight: 2 },
  { pattern: /₹|(?<!\p{L})(INR|Rs\.?)(?!\p{L})/gu, code: 'INR', weight: 2 },
  { pattern: /฿|(?<!\p{L})THB(?!\p{L})/gu, code: 'THB', weight: 2 },
  { pattern: /(?<!\p{L})(IDR|Rp\.?)(?!\p{L})/gu, code: 'IDR', weight: 2 },
  { pattern: /₱|(?<!\p{L})PHP(?!\p{L})/gu, code: 'PHP', weight: 2 },
  { pattern: /(?<!\p{L})(PLN|zł)(?!\p{L})/gu, code: 'PLN', weight: 2 },
  { pattern: /(?<!\p{L})(CZK|Kč)(?!\p{L})/gu, code: 'CZK', weight: 2 },
  { pattern: /(?<!\p{L})(HUF|Ft)(?!\p{L})/gu, code: 'HUF', weight: 2 },
  { pattern: /(?<!\p{L})(SEK|NOK|DKK)(?!\p{L})/gu, code: 'SCAND', weight: 2 },
  { pattern: /₺|(?<!\p{L})(TRY|TL)(?!\p{L})/gu, code: 'TRY', weight: 2 },
];

const NUMBER = /\d/u;

/** An amount as printed: "12.50", "1,250", "125.000", "7,60", "1 234,50" (not a lone digit). */
const AMOUNT = /^(\d{1,3}([.,\s]\d{3})+([.,]\d{1,2})?|\d+[.,]\d{1,3}|\d{3,})$/u;

/**
 * Whether the mark stands beside an amount: past spaces and a sign or colon ("RM 12.30",
 * "12,30 €", "SUMME EUR    7,60", "$-5.00"), the number there reads as an amount, and on the
 * mark's other side there is no letter or digit glued to it (OCR noise such as "8£Y" is not
 * a currency).
 */
function besideNumber(line: string, start: number, end: number): boolean {
  const glued = (char: string | undefined) => char !== undefined && /[\p{L}\d]/u.test(char);
  const before = line.slice(0, start).replace(/[\s:=\-+]+$/u, '');
  const after = line.slice(end).replace(/^[\s:=\-+]+/u, '');
  const amountBefore = before.match(/[\d][\d.,\s]*$/u)?.[0]?.trim() ?? '';
  const amountAfter = after.match(/^[\d][\d.,\s]*/u)?.[0]?.trim() ?? '';
  // A trailing separator belongs to the sentence, not to the amount ("12.50.").
  const isAmount = (text: string) => AMOUNT.test(text.replace(/[.,\s]+$/u, ''));
  if (isAmount(amountAfter) && !glued(line[start - 1])) return true;
  return isAmount(amountBefore) && !glued(line[end]);
}

/** Any three capitals: an ISO 4217 code when the app knows it and it is not an English word. */
const CODE = /(?<!\p{L})[A-Z]{3}(?!\p{L})/gu;
const WORDS_NOT_CODES = new Set(['ALL', 'CUP', 'TOP', 'PEN', 'GEL', 'SOS', 'BOB', 'MOP', 'BAM']);

/**
 * The marks beside numbers, summed by code (`$`, `¥` kept apart), each weighted. `isCode` tells
 * other three-letter codes the app knows (`KWD 2.125`), counted like the named ones.
 */
export function currencyMarks(
  text: string,
  isCode: (code: string) => boolean = isIsoCode,
): Map<string, number> {
  const votes = new Map<string, number>();
  const named = new Set(SIGNS.map((sign) => sign.code));
  for (const line of text.split('\n')) {
    if (!NUMBER.test(line)) continue;
    for (const match of line.matchAll(CODE)) {
      const code = match[0];
      if (named.has(code) || WORDS_NOT_CODES.has(code) || !isCode(code)) continue;
      if (['SEK', 'NOK', 'DKK'].includes(code)) continue;
      const start = match.index ?? 0;
      if (besideNumber(line, start, start + 3)) votes.set(code, (votes.get(code) ?? 0) + 2);
    }
    for (const sign of SIGNS) {
      for (const match of line.matchAll(sign.pattern)) {
        const start = match.index ?? 0;
        if (!besideNumber(line, start, start + match[0].length)) continue;
        // "SEK", "NOK" and "DKK" share one pattern; each is its own currency.
        const code = sign.code === 'SCAND' ? match[0].toUpperCase() : sign.code;
        const weight =
          [...match[0]].length === 1 && sign.weight > 1 ? sign.weight / 2 : sign.weight;
        votes.set(code, (votes.get(code) ?? 0) + weight);
      }
    }
  }
  return votes;
}

/** Characters only simplified Chinese writes (合计, 总计, 应付, 实收, 找零, 元…); Japanese writes 合計. */
const SIMPLIFIED_CHINESE = /[计总应实找元个]/;

/**
 * The ISO 4217 code the receipt's marks point to, or null when none stands beside an amount;
 * a bare `$` reads as USD and `¥` as yen (yuan with simplified Chinese) when nothing else is
 * known. `decideCurrency` is the rule with the event's currency.
 */
export function findCurrency(text: string): string | null {
  const votes = currencyMarks(text);
  const shared = (mark: string) =>
    mark === '$' ? 'USD' : mark === '¥' ? (SIMPLIFIED_CHINESE.test(text) ? 'CNY' : 'JPY') : mark;
  let best: string | null = null;
  let bestVotes = 0;
  for (const [code, count] of votes) {
    if (count > bestVotes) {
      best = code;
      bestVotes = count;
    }
  }
  return best === null ? null : shared(best);
}

/** Currencies written with a bare `$`. */
const DOLLARS = new Set([
  'USD',
  'CAD',
  'AUD',
  'NZD',
  'SGD',
  'HKD',
  'TWD',
  'MXN',
  'ARS',
  'CLP',
  'COP',
  'UYU',
  'BND',
  'FJD',
  'JMD',
  'TTD',
  'XCD',
  'BSD',
  'BBD',
  'BZD',
  'BMD',
  'KYD',
  'LRD',
  'NAD',
  'SBD',
  'SRD',
  'GYD',
]);
/** Currencies written with a bare `¥`. */
const YEN_YUAN = new Set(['JPY', 'CNY']);

export interface CurrencyDecision {
  currency_id: string;
  /** Estimated chance (0..1) that `currency_id` is the receipt's currency. */
  confidence: number;
}

/** Below this a currency read is not enough to answer another one than the event's. */
export const FOREIGN_CURRENCY_SURE = 0.6;

/**
 * The receipt's currency in an event whose currency is `eventCurrency`:
 *
 * - another currency only when an unambiguous mark of it (a code, `RM`, `€`, `£`, `₫`…) stands
 *   beside the amounts and outweighs every other mark;
 * - a bare `$` or `¥` is the event's currency when that is a dollar, or a yen or yuan;
 *   elsewhere it says "some dollar" and the event's currency is kept, unsure;
 * - nothing printed: the event's currency, unsure.
 *
 * `known` tells which codes the app has (an unknown code is never answered).
 */
export function decideCurrency(
  text: string,
  eventCurrency: string,
  known: (code: string) => boolean = isIsoCode,
): CurrencyDecision {
  const votes = currencyMarks(text, known);
  for (const mark of ['$', '¥'] as const) {
    const weight = votes.get(mark);
    if (weight === undefined) continue;
    votes.delete(mark);
    const family = mark === '$' ? DOLLARS : YEN_YUAN;
    // The shared mark agrees with the event's currency, or with a code printed beside it.
    const owner = family.has(eventCurrency)
      ? eventCurrency
      : [...votes.keys()].find((code) => family.has(code));
    if (owner) votes.set(owner, (votes.get(owner) ?? 0) + weight);
    else votes.set(`?${mark}`, weight);
  }
  let best: string | null = null;
  let bestVotes = 0;
  let allVotes = 0;
  for (const [code, count] of votes) {
    allVotes += count;
    if (count > bestVotes) {
      best = code;
      bestVotes = count;
    }
  }
  if (best === null) return { currency_id: eventCurrency, confidence: 0.5 };
  // Agreement among the marks, and how many there are: one mark alone may be a misreading.
  const share = bestVotes / allVotes;
  const sure = Math.round(share * (1 - 0.5 ** (bestVotes / 1.5)) * 100) / 100;
  if (best === eventCurrency)
    return { currency_id: eventCurrency, confidence: Math.max(0.9, sure) };
  if (best.startsWith('?') || !known(best) || sure < FOREIGN_CURRENCY_SURE) {
    // "Some dollar" in a euro event, or a weak foreign mark: the event's, and say it is unsure.
    return { currency_id: eventCurrency, confidence: Math.round((1 - share) * 50) / 100 };
  }
  return { currency_id: best, confidence: sure };
}
