/**
 * The currency a receipt is in, from the symbols and codes printed on it. Each sign votes
 * (codes and unambiguous symbols count more than a bare "$"), and the most voted wins.
 */

interface CurrencySign {
  pattern: RegExp;
  code: string;
  weight: number;
}

// Letters around a code must not be letters ("RM" but not "FORM"); a sign next to a number
// counts more because it is then surely money.
const SIGNS: CurrencySign[] = [
  { pattern: /€|\bEUR\b|\bEuro?s?\b/g, code: 'EUR', weight: 2 },
  { pattern: /£|\bGBP\b/g, code: 'GBP', weight: 2 },
  { pattern: /\bCHF\b|\bSFr\b|\bFr\.\s?\d/g, code: 'CHF', weight: 2 },
  { pattern: /\bRM\s?\d|\bRM\b|\bMYR\b|\bRinggit\b/gi, code: 'MYR', weight: 2 },
  { pattern: /₫|\bVND\b|(?<!\p{L})(đ|đồng|dong)(?!\p{L})/giu, code: 'VND', weight: 2 },
  { pattern: /\bMAD\b|\bDH\b|\bDhs?\b|\d\s?DH\b|\bdirhams?\b/gi, code: 'MAD', weight: 2 },
  { pattern: /\bAED\b/g, code: 'AED', weight: 2 },
  { pattern: /\bSGD\b|\bS\$/g, code: 'SGD', weight: 3 },
  { pattern: /\bHKD\b|\bHK\$/g, code: 'HKD', weight: 3 },
  { pattern: /\bAUD\b|\bA\$/g, code: 'AUD', weight: 3 },
  { pattern: /\bCAD\b|\bC\$/g, code: 'CAD', weight: 3 },
  { pattern: /\bNZD\b|\bNZ\$/g, code: 'NZD', weight: 3 },
  { pattern: /\bBRL\b|\bR\$/g, code: 'BRL', weight: 3 },
  { pattern: /\bMXN\b|\bMX\$/g, code: 'MXN', weight: 3 },
  { pattern: /\bUSD\b|\bUS\$/g, code: 'USD', weight: 3 },
  { pattern: /\$/g, code: 'USD', weight: 1 },
  { pattern: /\bJPY\b|円/g, code: 'JPY', weight: 2 },
  { pattern: /\bCNY\b|\bRMB\b|元|人民币/g, code: 'CNY', weight: 2 },
  // ¥ is both yen and yuan: Chinese text decides below.
  { pattern: /¥|￥/g, code: 'JPY', weight: 1 },
  { pattern: /₩|\bKRW\b|원/g, code: 'KRW', weight: 2 },
  { pattern: /₹|\bINR\b|\bRs\.?\s?\d/g, code: 'INR', weight: 2 },
  { pattern: /฿|\bTHB\b|\bBaht\b/gi, code: 'THB', weight: 2 },
  { pattern: /\bIDR\b|\bRp\.?\s?\d/g, code: 'IDR', weight: 2 },
  { pattern: /₱|\bPHP\b/g, code: 'PHP', weight: 2 },
  { pattern: /\bPLN\b|\bzł/g, code: 'PLN', weight: 2 },
  { pattern: /\bCZK\b|\bKč/g, code: 'CZK', weight: 2 },
  { pattern: /\bHUF\b|\bFt\b/g, code: 'HUF', weight: 2 },
  { pattern: /\bSEK\b/g, code: 'SEK', weight: 2 },
  { pattern: /\bNOK\b/g, code: 'NOK', weight: 2 },
  { pattern: /\bDKK\b/g, code: 'DKK', weight: 2 },
  { pattern: /₺|\bTRY\b|\d\s?TL\b/g, code: 'TRY', weight: 2 },
];

/** Characters only simplified Chinese writes (合计, 总计, 应付, 实收, 找零, 元…); Japanese writes 合計. */
const SIMPLIFIED_CHINESE = /[计总应实找元个]/;

/** The ISO 4217 code of the currency printed on the receipt, or null when nothing says. */
export function findCurrency(text: string): string | null {
  const votes = new Map<string, number>();
  for (const sign of SIGNS) {
    const count = text.match(sign.pattern)?.length ?? 0;
    if (count > 0) votes.set(sign.code, (votes.get(sign.code) ?? 0) + count * sign.weight);
  }
  // Yen and yuan share ¥: with simplified Chinese characters it is the yuan.
  const yen = votes.get('JPY');
  if (yen !== undefined && SIMPLIFIED_CHINESE.test(text)) {
    votes.delete('JPY');
    votes.set('CNY', (votes.get('CNY') ?? 0) + yen);
  }
  let best: string | null = null;
  let bestVotes = 0;
  for (const [code, count] of votes) {
    if (count > bestVotes) {
      best = code;
      bestVotes = count;
    }
  }
  return best;
}
