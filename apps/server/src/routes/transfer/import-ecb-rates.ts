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

/** The history as far as the file needs it, in a worker thread; a rate not looked up is none. */
export function ecbRateSource(rates: EcbRatesOfFile): EcbRateSource {
  return { rateOn: (from, to, date) => rates[keyOf(from, to, date)] ?? null };
}
