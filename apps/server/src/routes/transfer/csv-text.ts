import { dropControls } from '@quits/contract';

/**
 * CSV as RFC 4180 writes it: fields separated by commas, records by CRLF, a field quoted when
 * it holds a comma, a quote or a line break, its quotes doubled. Text fields are always quoted,
 * numbers never, so a spreadsheet tells them apart.
 */
export type CsvField = { text: string } | { number: string };

/**
 * Text a person typed, quoted; without control characters (ESC, BEL…), which a terminal showing
 * the file would obey, in case text kept before they were dropped on input still has them.
 */
export const text = (value: string): CsvField => ({ text: dropControls(value) });

/** A number already written with a dot decimal and no grouping. */
export const number = (value: string): CsvField => ({ number: value });

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula;
 * a title such as "=HYPERLINK(…)" must stay text. A leading apostrophe is what Excel and
 * LibreOffice Calc read as "this is text" (OWASP's advice on CSV injection).
 */
function defused(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function quoted(value: string): string {
  return `"${value.replaceAll('"', '""')}"`;
}

export function csvRecord(fields: readonly CsvField[]): string {
  return fields
    .map((field) => ('text' in field ? quoted(defused(field.text)) : field.number))
    .join(',');
}

/** The whole file: a UTF-8 byte order mark, so that Excel reads it as UTF-8, then the records. */
export function csvDocument(records: readonly (readonly CsvField[])[]): string {
  return `\uFEFF${records.map((record) => `${csvRecord(record)}\r\n`).join('')}`;
}
