import type { Expenditure, User } from '@quits/contract';

/** One line of the expense list: a date heading or an expense under it. */
export type ExpenseRow =
  | { kind: 'date'; date: string }
  | { kind: 'expense'; expense: Expenditure; payers: string };

/**
 * The expenses matching a search text (title, description, payer names) and a person (payer or
 * participant), newest date first, with a heading row before each date.
 */
export function expenseRows(
  expenses: readonly Expenditure[],
  people: readonly User[],
  search: string,
  personId: string | null,
): ExpenseRow[] {
  const names = new Map(people.map((person) => [person.id, person.name]));
  const needle = search.trim().toLocaleLowerCase();
  const rows: ExpenseRow[] = [];
  let lastDate: string | null = null;
  const sorted = [...expenses].sort((a, b) =>
    a.date === b.date ? b.created_at.localeCompare(a.created_at) : b.date.localeCompare(a.date),
  );
  for (const expense of sorted) {
    const payers = expense.payer.map((line) => names.get(line.user_id) ?? '?').join(', ');
    if (
      needle &&
      !`${expense.title} ${expense.desc} ${payers}`.toLocaleLowerCase().includes(needle)
    ) {
      continue;
    }
    if (
      personId &&
      !expense.payer.some((line) => line.user_id === personId) &&
      !expense.participant.some((line) => line.user_id === personId)
    ) {
      continue;
    }
    if (expense.date !== lastDate) {
      rows.push({ kind: 'date', date: expense.date });
      lastDate = expense.date;
    }
    rows.push({ kind: 'expense', expense, payers });
  }
  return rows;
}
