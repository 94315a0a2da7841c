/**
 * OCR text cut into clean lines: spaces collapsed, and the usual misreadings inside numbers
 * undone ("1O.5O" → "10.50", "12. 50" → "12.50"), so the finders see amounts as printed.
 */

/** A word made of digits, separators and letters OCR confuses with digits, ending in decimals. */
const NUMBER_LIKE = /(?<=^|[\s:$€£¥₫RMrm])[\dOoDIl|]{1,7}[.,][\dOoIl|]{2}(?=$|[\s\-A-Z)])/g;

function undoDigitConfusions(word: string): string {
  if (!/\d/.test(word)) return word;
  return word.replace(/[OoD]/g, '0').replace(/[Il|]/g, '1');
}

export function cleanLine(raw: string): string {
  return (
    raw
      .replace(/[\t\u00a0\u2000-\u200b]/g, ' ')
      // A decimal mark read with a space on one side: "12. 50", "12 .50".
      .replace(/(\d)([.,]) (\d{2})(?!\d)/g, '$1$2$3')
      .replace(/(\d) ([.,])(\d{2})(?!\d)/g, '$1$2$3')
      .replace(NUMBER_LIKE, undoDigitConfusions)
      .replace(/ {2,}/g, ' ')
      .trim()
  );
}

/** The text's non-empty lines, cleaned. */
export function textLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map(cleanLine)
    .filter((line) => line.length > 0);
}

/**
 * A line folded for keyword matching: lower case, accents and đ dropped ("Tổng cộng" →
 * "tong cong", "Rückgeld" → "ruckgeld"), so one pattern serves each language.
 */
export function foldLine(line: string): string {
  return line
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase();
}
