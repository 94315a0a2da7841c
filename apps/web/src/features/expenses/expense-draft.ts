import type { Category, Currency, Event, ExpenditureBody, Split } from '@quits/contract';
import {
  buildRateTable,
  convertExpense,
  parseAmount,
  type SplitMode,
  splitAmount,
} from '@quits/domain';
import { currencyDecimals, minorToInput } from '../../lib/money';

/** The expense form as typed: text where the person types, so nothing they type is lost. */
export interface ExpenseDraft {
  id: string;
  title: string;
  amountText: string;
  currencyId: string;
  date: string;
  category: Category | null;
  /** Who paid; with one payer, they paid the whole amount. */
  payers: { userId: string; amountText: string }[];
  mode: SplitMode;
  /** Per person: taking part, and the weight typed for shares, percent or exact amounts. */
  shares: Record<string, { included: boolean; weightText: string }>;
}

export type DraftProblem = 'required' | 'number';

/** What the form shows and, when it is complete, the body to send. */
export interface DraftOutcome {
  amount: number | null;
  problems: Partial<Record<'title' | 'amount' | 'payers' | 'split', DraftProblem | string>>;
  /** Minor units still to assign among payers (multi-payer) and among shares (exact mode). */
  payersLeft: number;
  splitLeft: number;
  /** Each person's share in the expense currency and in the event currency. */
  perPerson: { userId: string; amount: number; inEventCurrency: number }[];
  body: (ExpenditureBody & { id: string }) | null;
}

const today = () => new Date().toISOString().slice(0, 10);

export function newDraft(event: Event, me: string | null): ExpenseDraft {
  const payer = me ?? event.users[0]?.id ?? '';
  return {
    id: crypto.randomUUID(),
    title: '',
    amountText: '',
    currencyId: event.currency_id,
    date: today(),
    category: null,
    payers: [{ userId: payer, amountText: '' }],
    mode: 'evenly',
    shares: Object.fromEntries(
      event.users.map((user) => [user.id, { included: true, weightText: '1' }]),
    ),
  };
}

/** Reopens a saved expense in the mode it was made in. */
export function draftOf(
  event: Event,
  expenseId: string,
  currencies: readonly Currency[],
): ExpenseDraft | null {
  const expense = event.expenditures.find((item) => item.id === expenseId);
  if (!expense) return null;
  const decimals = currencyDecimals(event, expense.currency_id, currencies);
  const text = (minor: number) => minorToInput(minor, decimals);
  const mode = expense.split?.mode ?? 'exact';
  const weights = expense.split?.weights ?? {};
  return {
    id: expense.id,
    title: expense.title,
    amountText: text(expense.amount),
    currencyId: expense.currency_id,
    date: expense.date,
    category: expense.category,
    payers: expense.payer.map((line) => ({ userId: line.user_id, amountText: text(line.amount) })),
    mode,
    shares: Object.fromEntries(
      event.users.map((user) => {
        const line = expense.participant.find((item) => item.user_id === user.id);
        const weight =
          mode === 'exact'
            ? line
              ? text(line.amount)
              : ''
            : String(weights[user.id] ?? (line ? 1 : 0));
        return [user.id, { included: Boolean(line), weightText: weight }];
      }),
    ),
  };
}

/** Reads a typed number (shares, percent) with a comma or a dot; null when it is not one. */
function parseWeight(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) && value >= 0 ? value : null;
}

/** Everything the form derives from a draft, through the domain's one split function. */
export function evaluateDraft(
  draft: ExpenseDraft,
  event: Event,
  currencies: readonly Currency[],
  locale: string,
): DraftOutcome {
  const decimals = currencyDecimals(event, draft.currencyId, currencies);
  const amount = parseAmount(draft.amountText, decimals, locale);
  const problems: DraftOutcome['problems'] = {};
  if (!draft.title.trim()) problems.title = 'required';
  if (draft.amountText.trim() === '') problems.amount = 'required';
  else if (amount === null || amount <= 0) problems.amount = 'number';
  const total = amount !== null && amount > 0 ? amount : 0;

  const payer =
    draft.payers.length === 1
      ? draft.payers.map((line) => ({ user_id: line.userId, amount: total }))
      : draft.payers.map((line) => ({
          user_id: line.userId,
          amount: parseAmount(line.amountText, decimals, locale) ?? 0,
        }));
  const payersLeft = total - payer.reduce((sum, line) => sum + line.amount, 0);
  if (payersLeft !== 0) problems.payers = 'left';

  const included = event.users.filter((user) => draft.shares[user.id]?.included);
  const people = included.map((user) => {
    const text = draft.shares[user.id]?.weightText ?? '';
    const weight = draft.mode === 'exact' ? parseAmount(text, decimals, locale) : parseWeight(text);
    return { id: user.id, weight: weight ?? 0 };
  });
  const split = splitAmount({ amount: total, mode: draft.mode, people, tieKey: draft.id });
  const splitLeft =
    draft.mode === 'exact' ? total - people.reduce((sum, person) => sum + person.weight, 0) : 0;
  if (!split.ok && total > 0) problems.split = split.error.code;
  const participant = split.ok
    ? included.map((user) => ({ user_id: user.id, amount: split.shares.get(user.id) ?? 0 }))
    : [];

  const rates = buildRateTable(event.currency_id, event.currency_rates, currencies);
  const converted =
    participant.length > 0 && total > 0
      ? convertExpense(
          { id: draft.id, amount: total, currency_id: draft.currencyId, payer, participant },
          rates,
        )
      : null;
  const perPerson = participant.map((line, index) => ({
    userId: line.user_id,
    amount: line.amount,
    inEventCurrency: converted?.participant[index]?.amount ?? line.amount,
  }));

  const complete = Object.keys(problems).length === 0 && split.ok;
  const weights =
    draft.mode === 'evenly'
      ? undefined
      : Object.fromEntries(people.map((person) => [person.id, person.weight]));
  const splitInfo: Split = weights ? { mode: draft.mode, weights } : { mode: draft.mode };
  return {
    amount,
    problems,
    payersLeft,
    splitLeft,
    perPerson,
    body: complete
      ? {
          id: draft.id,
          title: draft.title.trim(),
          desc: '',
          date: draft.date,
          amount: total,
          currency_id: draft.currencyId,
          category: draft.category,
          payer,
          participant,
          split: splitInfo,
        }
      : null,
  };
}
