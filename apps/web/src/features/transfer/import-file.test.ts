import { describe, expect, it } from 'vitest';
import { nameFromFileName, readImportFile } from './import-file';

describe('reading a file picked for import', () => {
  it("names the event after a Splitwise file's name", () => {
    expect(nameFromFileName('lisbon-trip_2026-11-20_export.csv')).toBe('Lisbon trip');
    expect(nameFromFileName('Flat_share.csv')).toBe('Flat share');
    expect(nameFromFileName('.csv')).toBe('');
  });

  it('tells our JSON export from a CSV, and says why a file cannot be read', async () => {
    const file = (text: string, name = 'file') => new File([text], name);
    expect(await readImportFile(file('\uFEFF{"format":"quits-event"}'))).toEqual({
      kind: 'quits',
      body: { format: 'quits-event' },
    });
    expect(await readImportFile(file('Date,Description\n', 'flat_2026-01-01_export.csv'))).toEqual({
      kind: 'splitwise',
      csv: 'Date,Description\n',
      suggestedName: 'Flat',
    });
    expect(await readImportFile(file('{"format": '))).toMatchObject({
      kind: 'unreadable',
      reason: 'not-json',
    });
    expect(await readImportFile(file('  \n'))).toMatchObject({
      kind: 'unreadable',
      reason: 'empty',
    });
  });
});
