import type { QuitsImport } from '@quits/contract';
import type { DatedRate } from '@quits/domain';

/** The ECB's rate of a day as this server knows it: units of `to` for one unit of `from`. */
export interface EcbRateSource {
  rateOn(from: string, to: string, date: string): DatedRate | null;
}

/** The rates an import asks for, by `from>to@date`: what a worker thread plans the file with. */
export type EcbRatesOfFile = Record<string, DatedRate | null>;

const keyOf = (from: string, to: string, date: string) => `${from}>${to}@${date}`;

/**
 * Every ECB rate a Quits export's expenses claim, looked up in this server's history (which lives
 * in the main thread, read from the database): a lookup per expense, cheap beside planning.
 */
export function ecbRatesOfFile(file: QuitsImport, history: EcbRateSource): EcbRatesOfFile {
  const rates: EcbRatesOfFile = {};
  const to = file.event.currency_id;
  for (const expense of file.expenditures) {
    if (expense.rate?.source !== 'ecb') continue;
    const key = keyOf(expense.currency_id, to, expense.date);
    if (!(key in rates)) rates[key] = history.rateOn(expense.currency_id, to, expense.date);
  }
  return rates;
}

/** The `from>to@date` keys of the ECB rates a Quits export claims: what a worker thread asks for. */
export function ecbKeysOfFile(file: QuitsImport): string[] {
  const to = file.event.currency_id;
  const keys = new Set<string>();
  for (const expense of file.expenditures) {
    if (expense.rate?.source === 'ecb') keys.add(keyOf(expense.currency_id, to, expense.date));
  }
  return [...keys];
}

/** The rates of `keys` (from `ecbKeysOfFile`) looked up in this server's history. */
export function ecbRatesOfKeys(keys: readonly string[], history: EcbRateSource): EcbRatesOfFile {
  const rates: EcbRatesOfFile = {};
  for (const key of keys) {
    const found = /^([A-Z]{3})>([A-Z]{3})@(\d{4}-\d{2}-\d{2})$/.exec(key);
    if (found) rates[key] = history.rateOn(found[1] ?? '', found[2] ?? '', found[3] ?? '');
  }
  return rates;
}

/** The history as far as the file needs it, in a worker thread; a rate not looked up is none. */
export function ecbRateSource(rates: EcbRatesOfFile): EcbRateSource {
  return { rateOn: (from, to, date) => rates[keyOf(from, to, date)] ?? null };
}
