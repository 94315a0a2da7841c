import { IMPORT_MAX_BYTES } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { checkImportFile } from './import-file';

describe('checking a file picked for import', () => {
  it('sends any file within the size limit, and says why an empty or large one is not', () => {
    expect(checkImportFile({ size: 120 })).toBeNull();
    expect(checkImportFile({ size: 0 })).toEqual({ reason: 'empty' });
    expect(checkImportFile({ size: IMPORT_MAX_BYTES + 1 })).toEqual({
      reason: 'too-large',
      size: String(IMPORT_MAX_BYTES / 1024 / 1024),
    });
  });
});
