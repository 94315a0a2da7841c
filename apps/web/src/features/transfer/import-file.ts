import { IMPORT_MAX_BYTES } from '@quits/contract';

/** Why a picked file is not sent: larger than an import may be, or empty. */
export type UnsentReason = { reason: 'too-large'; size: string } | { reason: 'empty' };

/**
 * What the device checks before sending a file: its size alone. The file goes as it was
 * exported; the server tells its format apart and reads it.
 */
export function checkImportFile(file: Pick<File, 'size'>): UnsentReason | null {
  if (file.size > IMPORT_MAX_BYTES) {
    return { reason: 'too-large', size: String(IMPORT_MAX_BYTES / 1024 / 1024) };
  }
  if (file.size === 0) return { reason: 'empty' };
  return null;
}
