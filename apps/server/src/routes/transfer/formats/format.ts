import type { ImportFileFormat } from '@quits/contract';
import type { ForeignBook, ReadContext } from './book';

/** A file as the formats look at it: its text, its JSON when it is some, its first lines. */
export interface SniffedFile {
  text: string;
  /** The parsed JSON, or undefined when the text is not JSON. */
  json: unknown;
  /** Its first lines with text on them (a BOM left out). */
  head: string[];
}

/**
 * One foreign format (beangulp's importer): `identify` tells it from the file alone, `read`
 * reads it into a book, throwing a 422 that names the line (or path) of each problem.
 */
export interface FileFormat {
  id: ImportFileFormat;
  identify(file: SniffedFile): boolean;
  read(file: SniffedFile, context: ReadContext): ForeignBook;
}

/** A plain object of a parsed JSON file. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON value as text: a string as it is, a number written out, anything else empty. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}
