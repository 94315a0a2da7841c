import { IMPORT_MAX_BYTES } from '@quits/contract';

/** A file picked for import, read and told apart: our JSON export or a (Splitwise) CSV. */
export type ImportFile =
  | { kind: 'quits'; body: Record<string, unknown> }
  | { kind: 'splitwise'; csv: string; suggestedName: string }
  | { kind: 'unreadable'; reason: 'too-large' | 'not-json' | 'empty'; detail: string };

/**
 * A name for the event from a Splitwise file's name: "lisbon-trip_2026-11-20_export.csv"
 * becomes "Lisbon trip" (Splitwise's files carry no group name of their own).
 */
export function nameFromFileName(fileName: string): string {
  const base = fileName
    .replace(/\.[^.]+$/, '')
    .replace(/_\d{4}-\d{2}-\d{2}_export$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim()
    .slice(0, 100);
  return base.charAt(0).toLocaleUpperCase() + base.slice(1);
}

/** Reads the file on the device: JSON is parsed here, so a broken one is named before sending. */
export async function readImportFile(file: File): Promise<ImportFile> {
  if (file.size > IMPORT_MAX_BYTES) {
    return {
      kind: 'unreadable',
      reason: 'too-large',
      detail: String(IMPORT_MAX_BYTES / 1024 / 1024),
    };
  }
  const text = await file.text();
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start === '') return { kind: 'unreadable', reason: 'empty', detail: '' };
  if (start.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(start);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        return { kind: 'quits', body: parsed as Record<string, unknown> };
      }
      return { kind: 'unreadable', reason: 'not-json', detail: '' };
    } catch (error) {
      return {
        kind: 'unreadable',
        reason: 'not-json',
        detail: error instanceof Error ? error.message : '',
      };
    }
  }
  return { kind: 'splitwise', csv: text, suggestedName: nameFromFileName(file.name) };
}
