import { foldLine } from './text-lines';

/**
 * Header lines that are not the shop's name: document titles, addresses, contact details. A
 * registration label is known also misread in its last letters ("Company Rea", "Co-RE:").
 */
const NOT_A_NAME =
  /\b(tax invoice|invoice|receipt|bill|facture|rechnung|quittung|beleg|factura|ticket|recibo|hoa don|phieu|welcome|thank|cashier|kasse|gst|sst|vat|tva|mwst|ust-?id|reg\.?\s*no|co\.?\s*no|co\.?[\s-]*re[a-z]?|company no|company re[a-z]?|roc|tel|phone|fax|mobile|hp|www|http|email|e-mail|jalan|jln|lorong|taman|street|st\.|road|rd\.|avenue|ave\.|strasse|str\.|rue|calle|via|duong|quan|phuong|no\.|lot\b|blok|block|floor|level|date|time|table|order|server|cashier|pos\b|terminal|member)\b/;

/** Words that mark a business name; a header line with one is surely the merchant. */
const BUSINESS =
  /\b(s[do0]n\.?\s*[b8e][hmn]d|sdn|bhd|s\/b|plt|gmbh|ag|kg|ltd|llc|inc|corp|co\.|company|s\.?a\.?r\.?l|s\.?a\.?s?|s\.?l\.?|s\.?r\.?l|s\.?p\.?a|enterprise|trading|restaurant|restoran|cafe|café|bistro|bakery|mart|market|store|shop|supermarket|pharmacy|farmasi|hardware|stationery|kitchen|hotel|bar|pub|boulangerie|tankstelle|cong ty|nha hang|quan|tiem)\b/;

/** A company's legal form, which only its name carries. */
const LEGAL_FORM =
  /\b(s[do0]n\.?\s*[b8e][hmn]d|sdn|bhd|s\/b|plt|gmbh|ltd|llc|inc|enterprise|trading)\b/;

/** A legal form read as printed, none of the misreadings LEGAL_FORM forgives ("SDN EHD"). */
const LEGAL_FORM_AS_PRINTED = /\b(sdn\.?\s*bhd|bhd|s\/b|plt|gmbh|ltd|llc|inc|enterprise|trading)\b/;

/** Share of a line's visible characters that are letters. */
function letterShare(line: string): number {
  const visible = line.replace(/\s/g, '');
  if (visible.length === 0) return 0;
  return (visible.match(/\p{L}/gu)?.length ?? 0) / visible.length;
}

/** A company's registration number after its name: "(126926-H)", "(1070687-M)", "ROC 1234-X". */
const REGISTRATION = /\(?\b[0-9]{4,}[- ]?[A-Z]\b\)?|\([^)]*\d{4,}[^)]*\)/g;

/** The line without registration numbers, which are not part of the name. */
function withoutRegistration(line: string): string {
  return line.replace(REGISTRATION, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * The line folded for keyword matching, with a brand's camel-case words apart as well
 * ("FamilyMart" → "familymart family mart"): a business word glued into a brand is still one.
 */
function keywords(line: string): string {
  const apart = line.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2');
  return foldLine(apart === line ? line : `${line} ${apart}`);
}

/**
 * A postcode and its town ("46000 PETALING JAYA", "10115 Berlin"): an address line, however
 * much of it is letters. Five or six digits: a shop's name may begin with a year ("1901 …").
 */
const POSTCODE_TOWN = /^\d{5,6}\s+\p{L}/u;

/** Where the shop's address begins: a street, a postcode and town, or a phone number. */
const ADDRESS =
  /\b(jalan|jln|lorong|taman|street|road|avenue|strasse|rue|calle|via|duong|lot|blok|block|floor|level|tel|phone|fax)\b/;

const isAddress = (line: string) => POSTCODE_TOWN.test(line) || ADDRESS.test(foldLine(line));

function looksLikeName(line: string): boolean {
  if (POSTCODE_TOWN.test(line)) return false;
  const letters = line.match(/\p{L}/gu)?.length ?? 0;
  if (letters < 3 || letterShare(line) < 0.6) return false;
  // OCR noise reads as short runs of unrelated letters; a name has at least one real word.
  if (!/\p{L}{3,}/u.test(line)) return false;
  const folded = foldLine(line);
  // "BOOK TA.K (TAMAN DAYA) SDN BHD": a business word outweighs an address word in the name.
  return LEGAL_FORM.test(folded) || !NOT_A_NAME.test(folded);
}

/**
 * A legal form or business word ending the line, then one stray character: "TRADING 3",
 * "SDN BHD #". Nothing of the name follows its legal form, so the character is OCR noise (a
 * speck, a border, a logo's edge).
 */
const NOISE_AFTER_FORM =
  /\b(s[do0]n\.?\s*[b8e][hmn]d|bhd\.?|s\/b|plt|gmbh|ltd\.?|llc|inc\.?|enterprise|trading|restaurant|restoran|cafe|bakery|mart|market|store|shop|supermarket|pharmacy|hardware|stationery|kitchen|hotel)\s+\S$/i;

function tidy(line: string): string {
  return withoutRegistration(line)
    .replace(/^[^\p{L}\p{N}(]+/u, '')
    .replace(/[^\p{L}\p{N}).]+$/u, '')
    .replace(NOISE_AFTER_FORM, '$1')
    .trim();
}

/** Printed in lower case only: a cashier's or a customer's name, not the shop's. */
const lowerCaseOnly = (line: string) => !/\p{Lu}/u.test(line) && /\p{Ll}/u.test(line);

/** A line that begins with a business word ("RESTAURANT SDN BHD"): the name's second half. */
const BUSINESS_START =
  /^(sdn\.?\s*bhd|bhd|gmbh|ltd|llc|inc|enterprise|trading|restaurant|restoran|cafe|bakery|mart|market|store|shop|supermarket|pharmacy|hardware|stationery|kitchen|hotel)\b/;

/** Whether `line` can be the first half of a name whose second half starts the next line. */
function firstHalf(line: string | undefined): line is string {
  return line !== undefined && looksLikeName(line) && !/\d/.test(line) && !lowerCaseOnly(line);
}

/**
 * The name at `index` with the rest of it when it was printed over two lines: the line above
 * when this one starts with a business word ("LIAN CHI VEGETARIAN" / "RESTAURANT SDN BHD"),
 * or the line below when that one does and this one has no legal form yet ("KIM HARDWARE" /
 * "TRADING"). A second half is short: a longer line below is the next part of the header.
 */
function wholeName(header: string[], index: number): string {
  const line = header[index] ?? '';
  const above = header[index - 1];
  if (BUSINESS_START.test(foldLine(line)) && firstHalf(above)) return `${above} ${line}`;
  const below = header[index + 1];
  const continues =
    below !== undefined &&
    BUSINESS_START.test(foldLine(below)) &&
    below.split(' ').length <= 3 &&
    looksLikeName(below) &&
    !/\d/.test(below) &&
    !LEGAL_FORM.test(foldLine(line)) &&
    firstHalf(line);
  return continues ? `${line} ${below}` : line;
}

/**
 * The name with what OCR predictably does to one undone: "&" read as "8" between two single
 * letters ("S8Y" → "S&Y"), where a shop's name has an ampersand far more often than a digit.
 */
function undoMisreadings(name: string): string {
  return name.replace(/(?<![\p{L}\p{N}])(\p{L})8(\p{L})(?![\p{L}\p{N}])/gu, '$1&$2');
}

/** A web address or e-mail domain's name: "vivopac" in "www.vivopac.com", "shop@vivopac.com.my". */
const WEB_NAME = /(?:^|[\s.@/])([a-z0-9][a-z0-9-]{3,})\.(?:com|net|org|biz|shop|[a-z]{2})\b/g;

/**
 * The name with its first letters restored from the shop's web address when the print's left
 * edge was cut off (by the scan, the camera or a torn edge): "VOPAC MARKETING" under a
 * "www.novopac.com" is "NOVOPAC MARKETING". Only one or two letters, only at the start, and
 * only when the rest of the first word matches the address exactly.
 */
function withCutLettersBack(name: string, lines: string[]): string {
  const first = name.match(/^\p{L}+/u)?.[0];
  // A short word, or many letters lost, would match some address by chance ("MART" in
  // "walmart"): a whole word of four letters or more must remain, and at most two be lost.
  if (!first || first.length < 4) return name;
  const cut = first.toLowerCase();
  for (const line of lines) {
    for (const [, web = ''] of line.toLowerCase().matchAll(WEB_NAME)) {
      const lost = web.length - cut.length;
      if (lost < 1 || lost > 2 || !web.endsWith(cut) || !/^[a-z]+$/.test(web)) continue;
      const letters = web.slice(0, lost);
      const restored = first === first.toUpperCase() ? letters.toUpperCase() : letters;
      return `${restored}${name}`;
    }
  }
  return name;
}

/**
 * The shop's name: among the first header lines that read like a name, the first with a business
 * word (SDN BHD, GmbH, Restaurant…) when there is one — joined to the rest of it when the name
 * was printed over two lines — else the first that is not in lower case only (a cashier's
 * name), else the first. Misreadings OCR is known for are undone.
 */
export function findMerchant(lines: string[]): string | null {
  const header = lines.slice(0, 10).map(tidy);
  const candidates = header
    .map((line, index) => ({ line, index }))
    .filter((candidate) => looksLikeName(candidate.line));
  if (candidates.length === 0) return null;
  const business = candidates
    .slice(0, 5)
    .find((candidate) => BUSINESS.test(keywords(candidate.line)));
  // Without a business word, the name is printed above the address: a name-like line below
  // where the address begins is its town or state ("SELANGOR DARUL EHSAN"), or noise.
  const addressStart = header.findIndex(isAddress);
  const aboveAddress = candidates.filter(
    (candidate) => addressStart === -1 || candidate.index < addressStart,
  );
  const chosen = business
    ? wholeName(header, business.index)
    : (aboveAddress.find((candidate) => !lowerCaseOnly(candidate.line)) ?? aboveAddress[0])?.line;
  if (!chosen) return null;
  return withCutLettersBack(undoMisreadings(chosen), lines.slice(0, 15));
}

/** Characters no name is printed with: what OCR makes of specks, borders and stamps. */
const NOISE = /[^\p{L}\p{N}\s&.,'()\-/@]/gu;

/**
 * How clearly a name found is the shop's, and how cleanly it was read: 2 with a company's legal
 * form (SDN BHD, GmbH…), 1 with a business word (restaurant, mart…), else 0; plus up to 0.5
 * when the legal form reads exactly as printed and no stray symbols are in the name (a pass that
 * read "Sdn.Bhd" saw the line better than one that read "Sdn.ERhd" or put a "§" in it).
 * Readings of one receipt in several passes keep the clearest.
 */
export function merchantClarity(name: string | null): number {
  if (!name) return -1;
  const folded = keywords(name);
  const kind = LEGAL_FORM.test(folded) ? 2 : BUSINESS.test(folded) ? 1 : 0;
  const asPrinted = kind === 2 && LEGAL_FORM_AS_PRINTED.test(folded) ? 0.25 : 0;
  const noise = name.match(NOISE)?.length ?? 0;
  return kind + asPrinted + (noise === 0 ? 0.25 : 0);
}
