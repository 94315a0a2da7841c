import type { Event } from '@quits/contract';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** What each person's balance comes to by each way of summing the CSV, by name, in minor units. */
export interface CsvBalances {
  /** The sum of each person's net column over the entry rows. */
  byNets: Record<string, number>;
  /** What each paid ("Paid by", or the whole converted amount for one payer) less their shares. */
  byPaidLessShares: Record<string, number>;
  /** The closing `balance` row. */
  closing: Record<string, number>;
}

/** The event's CSV export, as a spreadsheet would get it. */
export async function exportCsv(app: FastifyInstance, event: Event): Promise<string> {
  const answer = await app.inject({
    method: 'GET',
    url: `/api/events/${event.id}/export?format=csv`,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.body;
}

/**
 * A number of the file in minor units, read as text so that no floating point comes in between:
 * the file writes every figure in the event currency with exactly its digits.
 */
function minorOf(cell: string, decimals: number): number {
  const shape = decimals > 0 ? new RegExp(`^-?\\d+\\.\\d{${decimals}}$`) : /^-?\d+$/;
  expect(cell, `"${cell}" with ${decimals} decimals`).toMatch(shape);
  const minor = Number(cell.replace('.', ''));
  return minor === 0 ? 0 : minor;
}

/**
 * Rebuilds each person's balance from the rows of the CSV alone, as a spreadsheet would, knowing
 * only how many decimals the event currency has.
 */
export function balancesFromCsv(csv: string, decimals: number): CsvBalances {
  const [header = [], ...rows] = parse(csv, { bom: true }) as string[][];
  const people = (header.length - 8) / 2;
  const names = header.slice(8, 8 + people);
  expect(header.slice(8 + people)).toEqual(names.map((name) => `${name} (net)`));
  const zero = () => Object.fromEntries(names.map((name) => [name, 0]));
  const result: CsvBalances = { byNets: zero(), byPaidLessShares: zero(), closing: zero() };
  const money = (cell: string | undefined) => minorOf(cell ?? '', decimals);

  for (const row of rows) {
    const nets = row.slice(8 + people);
    if (row[1] === 'balance') {
      names.forEach((name, i) => {
        result.closing[name] = money(nets[i]);
      });
      continue;
    }
    names.forEach((name, i) => {
      result.byNets[name] = (result.byNets[name] ?? 0) + money(nets[i]);
      result.byPaidLessShares[name] = (result.byPaidLessShares[name] ?? 0) - money(row[8 + i]);
    });
    for (const [payer, paid] of paidBy(row[7] ?? '', row[6] ?? '')) {
      result.byPaidLessShares[payer] = (result.byPaidLessShares[payer] ?? 0) + money(paid);
    }
  }
  expect(rows.at(-1)?.[1], 'the closing row comes last').toBe('balance');
  return result;
}

/** "Ana" (who paid the whole converted amount) or "Ana 60.00; Ben 35.00", as [name, amount]. */
function paidBy(cell: string, converted: string): [string, string][] {
  const parts = cell.split('; ');
  if (parts.length === 1) return [[cell, converted]];
  return parts.map((part) => {
    const cut = part.lastIndexOf(' ');
    return [part.slice(0, cut), part.slice(cut + 1)];
  });
}
