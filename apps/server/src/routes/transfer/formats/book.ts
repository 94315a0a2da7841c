import {
  type Category,
  type CodedMessage,
  englishOf,
  type ImportFileFormat,
  type ImportSource,
  type ImportUploadFields,
  type MessageCode,
  type MessageParams,
} from '@quits/contract';
import { parseAmount } from '@quits/domain';
import type { CurrencyLookup } from '@server/currencies/currency-lookup';
import { say, unprocessable } from '@server/http/http-error';
import type { ImportWarning } from '../import-plan';

/**
 * What another app's file says, read but not yet checked against Quits' rules: people by name,
 * and entries whose amounts are minor units of their own currency. Every format reads into this
 * one shape; one planner (book-plan.ts) turns it into the event, so the rules live in one place.
 */
export interface ForeignBook {
  source: ImportSource;
  format: ImportFileFormat;
  /** The group's name, when the file has one. */
  name: string | null;
  /** The group's currency, when the file says it (an ISO code). */
  currencyId: string | null;
  /** Everyone of the file, in its order, with their default weight (1 when it has none). */
  people: { name: string; weight: number }[];
  entries: BookEntry[];
  warnings: ImportWarning[];
}

/** How an entry's amount is shared: by weights (split by the domain), or as amounts. */
export type BookShares =
  | { by: 'weights'; weights: ReadonlyMap<string, number> }
  | { by: 'amounts'; amounts: ReadonlyMap<string, number> };

export interface BookEntry {
  /** Where the file holds it: its line (CSV) or its path (JSON), for messages. */
  where: Where;
  /** An expense, money the group received, or a payment from one person to others. */
  kind: 'expense' | 'income' | 'payment';
  title: string;
  desc: string;
  /** YYYY-MM-DD. */
  date: string;
  currencyId: string;
  /** Minor units of `currencyId`, more than zero. */
  amount: number;
  /** Who paid (received, for an income) how much, by name; the amounts sum to `amount`. */
  paid: ReadonlyMap<string, number>;
  /** Who it was for (whom a payment went to), by name. */
  shares: BookShares;
  category: Category | null;
}

/** A place in the file: a CSV line, or a JSON path such as `expenses.3`. */
export type Where = { line: number } | { path: string };

/** A problem of one place in the file, thrown by the readers and gathered by `Problems`. */
export class FileProblem extends Error {
  constructor(
    readonly where: Where | null,
    readonly code: MessageCode,
    readonly params: MessageParams = {},
  ) {
    super(code);
  }
}

/** Past this many problems a file is clearly not what it should be: the rest is left unsaid. */
const MAX_PROBLEMS = 20;

/**
 * A file's problems, gathered: a CSV's by line (each message names it), a JSON file's by path.
 * `throwIfAny` answers them all as one 422, nothing written.
 */
export class Problems {
  readonly #errors: Record<string, CodedMessage[]> = {};
  #count = 0;
  #first: { where: Where | null; said: CodedMessage } | null = null;

  get full(): boolean {
    return this.#count >= MAX_PROBLEMS;
  }

  add(problem: FileProblem): void {
    if (this.full) return;
    this.#count += 1;
    const { where } = problem;
    // A line's problems are keyed `line:7`, which the app words as "line 7: …" in its language.
    const key = where === null ? 'file' : 'line' in where ? `line:${where.line}` : where.path;
    const said = say(problem.code, problem.params);
    this.#errors[key] = [...(this.#errors[key] ?? []), said];
    this.#first ??= { where, said };
  }

  /** Runs `read`, keeping a FileProblem it throws; answers null then. */
  catching<T>(read: () => T): T | null {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof FileProblem)) throw error;
      this.add(error);
      return null;
    }
  }

  /**
   * Reads each of `items` (its FileProblem kept, as `catching` does) until the problems are
   * full, then throws them if there were any; answers what was read.
   */
  readEach<T, R>(items: Iterable<T>, read: (item: T) => R | null): R[] {
    const results: R[] = [];
    for (const item of items) {
      if (this.full) break;
      const result = this.catching(() => read(item));
      if (result !== null) results.push(result);
    }
    this.throwIfAny();
    return results;
  }

  throwIfAny(): void {
    const first = this.#first;
    if (!first) return;
    const { where, said } = first;
    const message =
      where && 'line' in where
        ? say('import_at_line', { line: where.line, problem: englishOf(said) })
        : said;
    throw unprocessable(this.#errors, message);
  }
}

/** The fields of the request that shape the reading, and the currencies the server knows. */
export interface ReadContext {
  fields: ImportUploadFields;
  currencies: CurrencyLookup;
}

/** A currency as files write it: an ISO code, or a symbol for the few that are unambiguous. */
const SYMBOLS: Record<string, string> = {
  '€': 'EUR',
  '£': 'GBP',
  '₹': 'INR',
  '₩': 'KRW',
  '₺': 'TRY',
  '₽': 'RUB',
  '₴': 'UAH',
  zł: 'PLN',
  kč: 'CZK',
  chf: 'CHF',
  fr: 'CHF',
  us$: 'USD',
};

/** The ISO code of a currency as a file names it, or null when it cannot be told. */
export function currencyOf(text: string, currencies: CurrencyLookup): string | null {
  const trimmed = text.trim();
  const code = trimmed.toUpperCase();
  if (/^[A-Z]{3}$/.test(code) && currencies.get(code)) return code;
  return SYMBOLS[trimmed.toLowerCase()] ?? null;
}

/**
 * A decimal amount as a file writes it ("12.5", "-3", 13.33 in JSON) in minor units of a
 * currency with `decimals` digits; null when it is not one. A float is read at the currency's
 * digits first, so 0.1 + 0.2 written as 0.30000000000000004 is 30 cents, as its app showed it.
 */
export function minorOf(value: unknown, decimals: number): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = value.toFixed(decimals);
  } else if (typeof value === 'string') {
    text = value.trim();
    if (!/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text)) return null;
    const number = Number(text);
    // Floats written by PHP or Python (99.99000000000001) are rounded at the currency's digits.
    if (/\.\d{7,}|[eE]/.test(text)) text = number.toFixed(decimals);
  } else {
    return null;
  }
  return parseAmount(text, decimals, 'en');
}

/** A date as the apps write it: "2024-01-15", "2024-01-15 13:39:55", "2024-01-15T…Z". */
export function dayOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const day = value.trim().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  return Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? null : day;
}
