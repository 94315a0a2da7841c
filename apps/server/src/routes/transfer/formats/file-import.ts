import {
  EXPORT_FORMAT,
  type ImportFileFormat,
  type ImportUploadFields,
  LIMITS,
  quitsImportSchema,
} from '@quits/contract';
import type { CurrencyLookup } from '@server/currencies/currency-lookup';
import { type FieldErrors, HttpError, say, unprocessable } from '@server/http/http-error';
import { codedIssue } from '@server/http/schema-issues';
import { type EcbRatesOfFile, ecbKeysOfFile, ecbRateSource } from '../import-ecb-rates';
import { type ImportPlan, planFromExport } from '../import-plan';
import { isSplitwiseHeader, planFromSplitwise } from '../splitwise-import';
import { abrechnungJson } from './abrechnung-json';
import { planFromBook } from './book-plan';
import { cospendCsv, moneybusterCsv } from './cospend-csv';
import { firstLines, textOfFile } from './file-text';
import type { FileFormat, SniffedFile } from './format';
import { ihatemoneyCsv, ihatemoneyJson } from './ihatemoney';
import { settleUpCsv } from './settle-up-csv';
import { spliitCsv } from './spliit-csv';
import { spliitJson } from './spliit-json';

/** The other apps' formats, in the order they are tried: the most particular first. */
const FORMATS: readonly FileFormat[] = [
  spliitJson,
  abrechnungJson,
  ihatemoneyJson,
  spliitCsv,
  settleUpCsv,
  cospendCsv,
  moneybusterCsv,
  ihatemoneyCsv,
];

/** How many of a file's first lines may come before its header (a note, as Splitwise's). */
const HEAD_LINES = 5;

export interface FileInput {
  bytes: Uint8Array;
  fileName: string;
  fields: ImportUploadFields;
}

/** The plan of a file, or what a Quits export needs first: the ECB rates it claims. */
export type FilePlan = { plan: ImportPlan } | { ecbKeys: string[] };

/**
 * Reads an uploaded file in any format Quits takes, told apart by its content (or by the
 * `format` field), and plans the event it makes. Runs in the work pool.
 */
export function planFromFile(
  input: FileInput,
  currencies: CurrencyLookup,
  ecbRates: EcbRatesOfFile | null,
): FilePlan {
  const text = textOfFile(input.bytes);
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (trimmed === '') throw new HttpError(422, say('file_empty'), { file: [say('file_empty')] });
  const json = trimmed.startsWith('{') || trimmed.startsWith('[') ? parseJson(trimmed) : undefined;
  const file: SniffedFile = { text, json, head: firstLines(text, HEAD_LINES) };
  const format = input.fields.format ?? detect(file);
  const name = input.fields.name ?? nameOfFile(input.fileName);
  if (format === 'quits-json') return planQuits(file, currencies, ecbRates);
  if (format === 'splitwise-csv') {
    const plan = planFromSplitwise(
      { format: 'splitwise-csv', name, csv: text, currency_id: input.fields.currency_id },
      currencies,
    );
    return { plan: { ...plan, format } };
  }
  const reader = FORMATS.find((candidate) => candidate.id === format);
  if (!reader) throw unknownFormat();
  const book = reader.read(file, { fields: input.fields, currencies });
  return {
    plan: planFromBook(book, {
      fields: { ...input.fields, name: input.fields.name ?? book.name ?? name },
      currencies,
    }),
  };
}

/** The format of a file, from its content alone. */
export function detect(file: SniffedFile): ImportFileFormat {
  const { json } = file;
  if (json !== undefined) {
    if (
      typeof json === 'object' &&
      json !== null &&
      'format' in json &&
      json.format === EXPORT_FORMAT
    ) {
      return 'quits-json';
    }
  } else if (file.head.some((line) => isSplitwiseHeader(line.split(',')))) {
    return 'splitwise-csv';
  }
  const found = FORMATS.find((format) => format.identify(file));
  if (!found) throw unknownFormat();
  return found.id;
}

function unknownFormat(): HttpError {
  return new HttpError(422, say('import_unknown_format'), { file: [say('import_unknown_format')] });
}

/** A JSON file parsed; a broken one is a 422 naming the line of its first error. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const at = /position (\d+)/.exec(error instanceof Error ? error.message : '');
    const line = at ? text.slice(0, Number(at[1])).split('\n').length : 1;
    const said = say('import_json_invalid', { line });
    throw new HttpError(422, said, { [`line:${line}`]: [say('import_json_broken')] });
  }
}

/**
 * A Quits export sent as a file: checked by the schema of the JSON body; its claimed ECB rates
 * are asked for first (they live in the main thread), then it is planned.
 */
function planQuits(
  file: SniffedFile,
  currencies: CurrencyLookup,
  ecbRates: EcbRatesOfFile | null,
): FilePlan {
  const parsed = quitsImportSchema.safeParse(file.json);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues.slice(0, 20)) {
      const key = issue.path.join('.') || 'file';
      const coded = codedIssue(
        issue.code,
        issue.message,
        issue as unknown as Record<string, unknown>,
      );
      errors[key] = [...(errors[key] ?? []), coded];
    }
    throw unprocessable(errors, say('import_refused'));
  }
  if (ecbRates === null) {
    const keys = ecbKeysOfFile(parsed.data);
    if (keys.length > 0) return { ecbKeys: keys };
  }
  return {
    plan: {
      ...planFromExport(parsed.data, currencies, ecbRateSource(ecbRates ?? {})),
      format: 'quits-json',
    },
  };
}

/**
 * A name for the event from the file's name: "lisbon-trip_2026-11-20_export.csv" becomes "Lisbon
 * trip" (most apps' files carry no group name of their own).
 */
function nameOfFile(fileName: string): string {
  const base = fileName
    .replace(/\.[^.]+$/, '')
    .replace(/_\d{4}-\d{2}-\d{2}_export$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim()
    .slice(0, LIMITS.eventName);
  return base === '' ? 'Import' : base.charAt(0).toLocaleUpperCase() + base.slice(1);
}
