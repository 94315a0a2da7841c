import type { CodedMessage } from '@quits/contract';
import { say, unprocessable } from '@server/http/http-error';
import { CsvError, parse } from 'csv-parse/sync';

/** One record of a CSV file and the line of the file it starts on (1 is the first). */
export interface CsvLine {
  line: number;
  cells: string[];
}

export interface CsvOptions {
  /** The field separator; a comma unless the format writes another. */
  delimiter?: string;
  /** True for a file whose parts have different columns (a note above the header, sections). */
  relaxColumnCount?: boolean;
}

/**
 * Reads CSV text (RFC 4180; a UTF-8 byte order mark and blank lines allowed) into records
 * that know their line, for messages such as "line 7: Cost is not a number". A malformed file
 * (an open quote, a row with too many or too few columns) is a 422 that names the line.
 */
export function readCsvLines(text: string, options: CsvOptions = {}): CsvLine[] {
  type Parsed = { record: string[]; info: { lines: number; empty_lines: number } };
  let parsed: Parsed[];
  let lastEnd = 0;
  try {
    parsed = parse(text, {
      bom: true,
      skip_empty_lines: true,
      delimiter: options.delimiter ?? ',',
      relax_column_count: options.relaxColumnCount ?? false,
      info: true,
      // Notes how far the file was read, so that a failure can name the line its record began.
      on_record: (record: string[], context) => {
        lastEnd = context.lines;
        return record;
      },
    }) as unknown as Parsed[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw csvProblem([describeCsvError(error, recordStart(text, lastEnd))]);
  }
  // csv-parse counts where a record ends; a record starts after the previous one and any blank
  // lines between them.
  let previousEnd = 0;
  let previousEmpty = 0;
  return parsed.map(({ record, info }) => {
    const line = previousEnd + 1 + (info.empty_lines - previousEmpty);
    previousEnd = info.lines;
    previousEmpty = info.empty_lines;
    return { line, cells: record };
  });
}

/** The first line after `lastEnd` with something on it: where the record that failed starts. */
function recordStart(text: string, lastEnd: number): number {
  const lines = text.split(/\r\n|\n|\r/);
  let index = lastEnd;
  while (index < lines.length - 1 && lines[index]?.trim() === '') index += 1;
  return index + 1;
}

function describeCsvError(error: CsvError, start: number): CodedMessage {
  const found = /expect (\d+), got (\d+)/.exec(error.message);
  if (error.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' && found) {
    return say('csv_columns', {
      line: Number(error.lines),
      expected: Number(found[1]),
      found: Number(found[2]),
    });
  }
  const quoteProblem =
    error.code === 'CSV_QUOTE_NOT_CLOSED' ||
    error.code === 'CSV_INVALID_CLOSING_QUOTE' ||
    error.code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE';
  if (quoteProblem) {
    return error.lines === start
      ? say('csv_quote', { line: start })
      : say('csv_quote_shows', { line: start, shows: Number(error.lines) });
  }
  return say('csv_invalid', { line: Number(error.lines) });
}

/** The 422 of a CSV file: the problems by line, the first one as the message. */
export function csvProblem(problems: readonly CodedMessage[]) {
  return unprocessable({ csv: [...problems] }, problems[0] ?? say('import_refused'));
}
