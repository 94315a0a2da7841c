import { foldLine } from './text-lines';

/** Header lines that are not the shop's name: document titles, addresses, contact details. */
const NOT_A_NAME =
  /\b(tax invoice|invoice|receipt|bill|facture|rechnung|quittung|beleg|factura|ticket|recibo|hoa don|phieu|welcome|thank|cashier|kasse|gst|sst|vat|tva|mwst|ust-?id|reg\.?\s*no|co\.?\s*no|company no|roc|tel|phone|fax|mobile|hp|www|http|email|e-mail|jalan|jln|lorong|taman|street|st\.|road|rd\.|avenue|ave\.|strasse|str\.|rue|calle|via|duong|quan|phuong|no\.|lot\b|blok|block|floor|level|date|time|table|order|server|cashier|pos\b|terminal|member)\b/;

/** Words that mark a business name; a header line with one is surely the merchant. */
const BUSINESS =
  /\b(sdn\.?\s*bhd|bhd|s\/b|plt|gmbh|ag|kg|ltd|llc|inc|corp|co\.|company|s\.?a\.?r\.?l|s\.?a\.?s?|s\.?l\.?|s\.?r\.?l|s\.?p\.?a|enterprise|trading|restaurant|restoran|cafe|café|bistro|bakery|mart|market|store|shop|supermarket|pharmacy|farmasi|hardware|stationery|kitchen|hotel|bar|pub|boulangerie|tankstelle|cong ty|nha hang|quan|tiem)\b/;

/** Share of a line's visible characters that are letters. */
function letterShare(line: string): number {
  const visible = line.replace(/\s/g, '');
  if (visible.length === 0) return 0;
  return (visible.match(/\p{L}/gu)?.length ?? 0) / visible.length;
}

function looksLikeName(line: string): boolean {
  const letters = line.match(/\p{L}/gu)?.length ?? 0;
  if (letters < 3 || letterShare(line) < 0.6) return false;
  // OCR noise reads as short runs of unrelated letters; a name has at least one real word.
  if (!/\p{L}{3,}/u.test(line)) return false;
  return !NOT_A_NAME.test(foldLine(line));
}

function tidy(line: string): string {
  return line
    .replace(/^[^\p{L}\p{N}(]+/u, '')
    .replace(/[^\p{L}\p{N}).]+$/u, '')
    .trim();
}

/**
 * The shop's name: the first header line that reads like a name, or one a little further down
 * that carries a business word (SDN BHD, GmbH, Restaurant…) when the first is a logo's slogan.
 */
export function findMerchant(lines: string[]): string | null {
  const header = lines.slice(0, 10);
  const names = header.map(tidy).filter(looksLikeName);
  if (names.length === 0) return null;
  const business = names.slice(0, 3).find((name) => BUSINESS.test(foldLine(name)));
  return business ?? names[0] ?? null;
}
