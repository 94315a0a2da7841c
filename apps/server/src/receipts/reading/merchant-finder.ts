import { foldLine } from './text-lines';

/** Header lines that are not the shop's name: document titles, addresses, contact details. */
const NOT_A_NAME =
  /\b(tax invoice|invoice|receipt|bill|facture|rechnung|quittung|beleg|factura|ticket|recibo|hoa don|phieu|welcome|thank|cashier|kasse|gst|sst|vat|tva|mwst|ust-?id|reg\.?\s*no|co\.?\s*no|co\.?\s*reg|company no|company reg|roc|tel|phone|fax|mobile|hp|www|http|email|e-mail|jalan|jln|lorong|taman|street|st\.|road|rd\.|avenue|ave\.|strasse|str\.|rue|calle|via|duong|quan|phuong|no\.|lot\b|blok|block|floor|level|date|time|table|order|server|cashier|pos\b|terminal|member)\b/;

/** Words that mark a business name; a header line with one is surely the merchant. */
const BUSINESS =
  /\b(s[do0]n\.?\s*[b8e][hmn]d|sdn|bhd|s\/b|plt|gmbh|ag|kg|ltd|llc|inc|corp|co\.|company|s\.?a\.?r\.?l|s\.?a\.?s?|s\.?l\.?|s\.?r\.?l|s\.?p\.?a|enterprise|trading|restaurant|restoran|cafe|café|bistro|bakery|mart|market|store|shop|supermarket|pharmacy|farmasi|hardware|stationery|kitchen|hotel|bar|pub|boulangerie|tankstelle|cong ty|nha hang|quan|tiem)\b/;

/** A company's legal form, which only its name carries. */
const LEGAL_FORM =
  /\b(s[do0]n\.?\s*[b8e][hmn]d|sdn|bhd|s\/b|plt|gmbh|ltd|llc|inc|enterprise|trading)\b/;

/** Share of a line's visible characters that are letters. */
function letterShare(line: string): number {
  const visible = line.replace(/\s/g, '');
  if (visible.length === 0) return 0;
  return (visible.match(/\p{L}/gu)?.length ?? 0) / visible.length;
}

/** A company's registration number after its name: "(126926-H)", "(1070687-M)", "ROC 1234-X". */
const REGISTRATION = /\(?\b[0-9]{4,}[- ]?[A-Z]\b\)?|\([^)]*\d{5,}[^)]*\)/g;

/** The line without registration numbers, which are not part of the name. */
function withoutRegistration(line: string): string {
  return line.replace(REGISTRATION, ' ').replace(/\s+/g, ' ').trim();
}

function looksLikeName(line: string): boolean {
  const letters = line.match(/\p{L}/gu)?.length ?? 0;
  if (letters < 3 || letterShare(line) < 0.6) return false;
  // OCR noise reads as short runs of unrelated letters; a name has at least one real word.
  if (!/\p{L}{3,}/u.test(line)) return false;
  const folded = foldLine(line);
  // "BOOK TA.K (TAMAN DAYA) SDN BHD": a business word outweighs an address word in the name.
  return LEGAL_FORM.test(folded) || !NOT_A_NAME.test(folded);
}

function tidy(line: string): string {
  return withoutRegistration(line)
    .replace(/^[^\p{L}\p{N}(]+/u, '')
    .replace(/[^\p{L}\p{N}).]+$/u, '')
    .trim();
}

/** Printed in lower case only: a cashier's or a customer's name, not the shop's. */
const lowerCaseOnly = (line: string) => !/\p{Lu}/u.test(line) && /\p{Ll}/u.test(line);

/** A line that begins with a business word ("RESTAURANT SDN BHD"): the name's second half. */
const BUSINESS_START =
  /^(sdn\.?\s*bhd|bhd|gmbh|ltd|llc|inc|enterprise|trading|restaurant|restoran|cafe|bakery|mart|market|store|shop|supermarket|pharmacy|hardware|stationery|kitchen|hotel)\b/;

/**
 * The shop's name: among the first header lines that read like a name, the first with a business
 * word (SDN BHD, GmbH, Restaurant…) when there is one — joined to the line above when the name
 * was printed over two lines — else the first that is not in lower case only (a cashier's
 * name), else the first.
 */
export function findMerchant(lines: string[]): string | null {
  const header = lines.slice(0, 10).map(tidy);
  const candidates = header
    .map((line, index) => ({ line, index }))
    .filter((candidate) => looksLikeName(candidate.line));
  if (candidates.length === 0) return null;
  const business = candidates
    .slice(0, 5)
    .find((candidate) => BUSINESS.test(foldLine(candidate.line)));
  if (business) {
    const above = header[business.index - 1];
    const wrapped =
      BUSINESS_START.test(foldLine(business.line)) &&
      above !== undefined &&
      looksLikeName(above) &&
      !/\d/.test(above) &&
      !lowerCaseOnly(above);
    return wrapped ? `${above} ${business.line}` : business.line;
  }
  const upper = candidates.find((candidate) => !lowerCaseOnly(candidate.line));
  return (upper ?? candidates[0])?.line ?? null;
}

/**
 * How clearly a name found is the shop's: 2 with a company's legal form (SDN BHD, GmbH…), 1 with
 * a business word (restaurant, mart…), else 0. Readings of one receipt in several passes keep
 * the clearest.
 */
export function merchantClarity(name: string | null): number {
  if (!name) return -1;
  const folded = foldLine(name);
  return LEGAL_FORM.test(folded) ? 2 : BUSINESS.test(folded) ? 1 : 0;
}
