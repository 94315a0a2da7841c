import { stat } from 'node:fs/promises';

/** Whether `path` is a file; false when it is missing or cannot be read. */
export async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
