/**
 * OCR misspells the few words that matter most ("Tatal", "CHANGF", "6ST"); this puts back the
 * word within one or two letters of it, so the keyword patterns still see it.
 */

// Words that decide what a line is about, folded. Short words are left alone: at four letters
// one wrong letter is as likely another word.
const KEYWORDS = [
  'total',
  'subtotal',
  'amount',
  'change',
  'rounding',
  'inclusive',
  'exclusive',
  'including',
  'excluding',
  'tendered',
  'payment',
  'discount',
  'balance',
  'summe',
  'gesamt',
  'montant',
  'importe',
];

/** Real words that sit one letter from a keyword and must stay as they are. */
const KEEP = new Set(['charge', 'totals', 'amounts', 'changes', 'balances', 'tota']);

/** Edit distance with adjacent swaps, stopping early once past `limit`. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const previous = rows[i - 1] ?? [];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      }
      row.push(value);
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? limit + 1;
}

function respell(word: string): string {
  if (word.length < 5 || KEEP.has(word) || KEYWORDS.includes(word)) return word;
  const limit = word.length >= 8 ? 2 : 1;
  for (const keyword of KEYWORDS) {
    if (distance(word, keyword, limit) <= limit) return keyword;
  }
  return word;
}

/** A folded line with its misspelled keywords put right ("tatal sales" → "total sales"). */
export function respellKeywords(folded: string): string {
  return (
    folded
      // Digits read for letters inside a word: "t0tal", "6st", "g8t".
      .replace(/\b[g6c][s5$8][t7]\b/g, 'gst')
      .replace(/\b[\p{L}\d]{5,}\b/gu, (word) => {
        if (!/\p{L}/u.test(word)) return word;
        const lettersOnly = word.replace(/0/g, 'o').replace(/1/g, 'l');
        const respelled = respell(lettersOnly);
        return respelled === lettersOnly ? word : respelled;
      })
  );
}
