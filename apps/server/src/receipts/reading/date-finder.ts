import { foldLine } from './text-lines';

export interface DateOptions {
  /** Read an ambiguous 03/04/2018 as March 4 (US receipts) rather than 3 April. */
  monthFirst: boolean;
  /** Dates after this day (plus a day for time zones) are misreadings. */
  today: Date;
}

// Month names and their usual abbreviations, folded (no accents), in the languages receipts
// are printed in; each maps to its month number.
const MONTH_NAMES: Record<string, number> = {};
const MONTHS_BY_LANGUAGE = [
  // English, Malay, German, French, Spanish, Italian, Portuguese, Dutch
  'jan feb mar apr may jun jul aug sep oct nov dec',
  'january february march april may june july august september october november december',
  'sept',
  'januari februari mac april mei jun julai ogos september oktober november disember',
  'januar februar marz april mai juni juli august september oktober november dezember',
  'jan feb mrz apr mai jun jul aug sep okt nov dez',
  'janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre',
  'janv fevr mars avr mai juin juil aout sept oct nov dec',
  'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre',
  'ene feb mar abr may jun jul ago sep oct nov dic',
  'gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre',
  'gen feb mar apr mag giu lug ago set ott nov dic',
  'janeiro fevereiro marco abril maio junho julho agosto setembro outubro novembro dezembro',
  'januari februari maart april mei juni juli augustus september oktober november december',
];
for (const names of MONTHS_BY_LANGUAGE) {
  names.split(' ').forEach((name, index) => {
    // 'sept' alone is September; every other list is in calendar order.
    MONTH_NAMES[name] ??= name === 'sept' ? 9 : index + 1;
  });
}
const MONTH = Object.keys(MONTH_NAMES)
  .sort((a, b) => b.length - a.length)
  .join('|');

// A fourth group ("05.22.95.66.66") makes a phone number, not a date.
const NUMERIC = /(?<!\d[./-]?)(\d{1,4})\s?([./-])\s?(\d{1,2})\s?[./-]\s?(\d{4}|\d{2})(?![./-]?\d)/g;
const DAY_MONTH_YEAR = new RegExp(
  String.raw`(?<!\d)(\d{1,2})(?:st|nd|rd|th|er|\.)?[\s./-]*(?:de\s+)?(${MONTH})\.?[\s./,-]*(?:de\s+)?(\d{4}|\d{2})(?!\d)`,
  'g',
);
const MONTH_DAY_YEAR = new RegExp(
  String.raw`\b(${MONTH})\.?[\s.-]*(\d{1,2})(?:st|nd|rd|th)?,?[\s.-]*(\d{4})(?!\d)`,
  'g',
);
const VIETNAMESE = /ngay\s*(\d{1,2})\s*thang\s*(\d{1,2})\s*nam\s*(\d{4})/g;
const EAST_ASIAN = /(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日/g;

const DATE_LABEL =
  /\b(date|dated|datum|fecha|data|ngay|tarikh|dt|invoice date|bill date|日期|日付)\b|日期|日付/;

interface FoundDate {
  iso: string;
  line: number;
  labelled: boolean;
}

function fullYear(year: number, today: Date): number {
  if (year >= 100) return year;
  const century = year + 2000 <= today.getUTCFullYear() + 1 ? 2000 : 1900;
  return century + year;
}

function isoIfReal(year: number, month: number, day: number, today: Date): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  const tomorrow = today.getTime() + 24 * 3600 * 1000;
  if (year < 1990 || date.getTime() > tomorrow) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * A day before a month's name; a leading 0 read as 6, 8 or 9 ("65 Jan") is put back, since
 * no month has a 65th day and the name leaves no doubt it is a date.
 */
function dayOfMonth(day: string): number {
  const value = Number(day);
  return value > 31 && /^[689]\d$/.test(day) ? Number(day.slice(1)) : value;
}

function numericDate(parts: number[], widths: number[], options: DateOptions): string | null {
  const [a = 0, b = 0, c = 0] = parts;
  const { today } = options;
  if (widths[0] === 4) return isoIfReal(a, b, c, today);
  if (widths[2] !== 4 && widths[2] !== 2) return null;
  const year = fullYear(c, today);
  const dayFirst = isoIfReal(year, b, a, today);
  const monthFirst = isoIfReal(year, a, b, today);
  if (options.monthFirst) return monthFirst ?? dayFirst;
  return dayFirst ?? monthFirst;
}

/** Lines whose numbers are not dates, though they may look like one (05.22.95.66.66). */
const NOT_DATES = /\b(tel|phone|fax|hp|mobile|telefon|tlf)\b[\s:.#]*\d/;

/**
 * A date-shaped word with letters OCR reads for digits put back ("Z5/12/2018" → 25/12/2018),
 * and a year's first digit misread (7017 → 2017) put right when that makes a plausible year.
 */
function undoDateMisreadings(line: string): string {
  return line
    .replace(
      /(?<![\p{L}\d])[\dOoDCZzSBlI|]{1,4}[/.-][\dOoDCZzSBlI|]{1,2}[/.-][\dOoDCZzSBlI|]{2,4}(?![\p{L}\d])/gu,
      (word) =>
        word
          .replace(/[OoDC]/g, '0')
          .replace(/[Zz]/g, '2')
          .replace(/S/g, '5')
          .replace(/B/g, '8')
          .replace(/[lI|]/g, '1'),
    )
    .replace(/([/.-])[7Z]0(\d\d)(?!\d)/g, '$120$2');
}

function datesInLine(line: string, options: DateOptions): string[] {
  const folded = foldLine(undoDateMisreadings(line));
  if (NOT_DATES.test(folded) && !DATE_LABEL.test(folded)) return [];
  const found: string[] = [];
  for (const match of folded.matchAll(NUMERIC)) {
    const [, first = '', , second = '', third = ''] = match;
    const iso = numericDate(
      [Number(first), Number(second), Number(third)],
      [first.length, second.length, third.length],
      options,
    );
    if (iso) found.push(iso);
  }
  for (const match of folded.matchAll(DAY_MONTH_YEAR)) {
    const [, day = '', month = '', year = ''] = match;
    const iso = isoIfReal(
      fullYear(Number(year), options.today),
      MONTH_NAMES[month] ?? 0,
      dayOfMonth(day),
      options.today,
    );
    if (iso) found.push(iso);
  }
  for (const match of folded.matchAll(MONTH_DAY_YEAR)) {
    const [, month = '', day = '', year = ''] = match;
    const iso = isoIfReal(Number(year), MONTH_NAMES[month] ?? 0, Number(day), options.today);
    if (iso) found.push(iso);
  }
  for (const match of folded.matchAll(VIETNAMESE)) {
    const [, day = '', month = '', year = ''] = match;
    const iso = isoIfReal(Number(year), Number(month), Number(day), options.today);
    if (iso) found.push(iso);
  }
  for (const match of line.matchAll(EAST_ASIAN)) {
    const [, year = '', month = '', day = ''] = match;
    const iso = isoIfReal(Number(year), Number(month), Number(day), options.today);
    if (iso) found.push(iso);
  }
  return found;
}

/**
 * The purchase date as YYYY-MM-DD: among the dates printed, one on a line labelled "date"
 * (in any language) first, else the one printed most often, else the first (the header's date
 * comes before due dates and expiry dates further down).
 */
export function findDate(lines: string[], options: DateOptions): string | null {
  const found: FoundDate[] = [];
  lines.forEach((line, index) => {
    const labelled = DATE_LABEL.test(foldLine(line)) || DATE_LABEL.test(line);
    for (const iso of datesInLine(line, options)) found.push({ iso, line: index, labelled });
  });
  if (found.length === 0) return null;
  const count = (iso: string) => found.filter((date) => date.iso === iso).length;
  const ranked = [...found].sort(
    (a, b) =>
      Number(b.labelled) - Number(a.labelled) || count(b.iso) - count(a.iso) || a.line - b.line,
  );
  return ranked[0]?.iso ?? null;
}
