import type { ExpenseLike, ShareLine, TieSource } from './expense-conversion';
import { tieTextOf } from './expense-conversion';

/** An expense as a file carries it: its id and tie texts as the file names people. */
export interface FiledExpense {
  /** Its id where it was exported from; a file made by hand may have none. */
  id?: string | undefined;
  ties?: Readonly<Record<string, string>> | null | undefined;
  payer: readonly ShareLine[];
  participant: readonly ShareLine[];
}

/**
 * Each person's tie text, as the expense resolves it (see `TieSource`), for everyone on its
 * lines: what an export writes, so that whatever imports it splits ties the same way.
 *
 * @returns texts by person id, in the order people first appear on the lines
 */
export function resolvedTies(
  expense: TieSource & Pick<ExpenseLike, 'payer' | 'participant'>,
): Record<string, string> {
  const ties: Record<string, string> = {};
  for (const { user_id } of [...expense.payer, ...expense.participant]) {
    ties[user_id] ??= tieTextOf(expense, user_id);
  }
  return ties;
}

/**
 * The tie texts an imported copy keeps, by its new person ids: the file's own where it has them
 * (a copy of a copy), else `{file's expense id}:{file's person id}` — the original's ids, so the
 * texts its original used. New ids would otherwise hand odd minor units to other people.
 *
 * @param newIdOf the copy's id of a person of the file (undefined for one it does not know)
 * @returns texts by new person id; null when the file gives neither texts nor an id
 */
export function copiedTies(
  expense: FiledExpense,
  newIdOf: (fileId: string) => string | undefined,
): Record<string, string> | null {
  const ties: Record<string, string> = {};
  let any = false;
  for (const { user_id } of [...expense.payer, ...expense.participant]) {
    const id = newIdOf(user_id);
    const text =
      expense.ties?.[user_id] ??
      (expense.id === undefined ? undefined : `${expense.id}:${user_id}`);
    if (id === undefined || text === undefined) continue;
    ties[id] = text;
    any = true;
  }
  return any ? ties : null;
}
