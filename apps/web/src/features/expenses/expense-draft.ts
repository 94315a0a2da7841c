import type {
  Attachment,
  Category,
  Currency,
  Event,
  ExpenditureBody,
  ExpenseKind,
  ExpenseRate,
  ExpenseRateBody,
  Split,
} from '@quits/contract';
import {
  convertExpense,
  derivedRate,
  isPresentOn,
  itemisedSplit,
  parseAmountOrSum,
  parseExchangeRate,
  type SplitMode,
  splitAmount,
  splitByDaysPresent,
} from '@quits/domain';
import { type AmountProblem, amountProblemOf } from '@web/lib/amount-problem';
import { eventRateTable } from '@web/lib/event-rates';
import { currencyDecimals, minorToInput } from '@web/lib/money';

/** A line of the receipt in the form: its amount in minor units and who had it. */
export interface DraftItem {
  name: string;
  amount: number;
  people: string[];
}

/**
 * The four ways of splitting, by days present over a period (weighted shares of the days), and
 * by the items of a receipt (saved as exact amounts).
 */
export type DraftMode = SplitMode | 'days' | 'items';

/** The expense form as typed: text where the person types, so nothing they type is lost. */
export interface ExpenseDraft {
  id: string;
  /** Spent by the group, or received by it (a refund, a deposit back): the same form. */
  kind: ExpenseKind;
  title: string;
  /** The expense's note, as typed (the list's search looks in it too). */
  desc: string;
  amountText: string;
  currencyId: string;
  date: string;
  category: Category | null;
  /** Who paid; with one payer, they paid the whole amount. */
  payers: { userId: string; amountText: string }[];
  mode: DraftMode;
  /** Per person: taking part, and the weight typed for shares, percent or exact amounts. */
  shares: Record<string, { included: boolean; weightText: string }>;
  /** For the split by days present: the stretch the expense covers, both ends counted. */
  period: { from: string; to: string };
  /**
   * True while a new expense's people follow who was there on its date: a change of date then
   * ticks them again; ticking someone by hand ends it.
   */
  followsPresence: boolean;
  /** The photo of the receipt kept with the expense, if any. */
  receiptId: string | null;
  /** Its photos and PDF invoices, uploaded already, in order. */
  attachments: Attachment[];
  /** The receipt's lines, read from the photo, for the split by items; empty without one. */
  items: DraftItem[];
  /**
   * How an amount in another currency is converted: at the rate of its date (the ECB's, or the
   * event's own), at a rate typed here, or by the amount really charged in the event currency.
   * Left out: the rate of its date.
   */
  rateMode?: RateMode;
  /** The rate typed: units of the event currency for one unit of the expense's. */
  rateText?: string;
  /** The amount charged, typed in the event currency. */
  chargedText?: string;
}

export type RateMode = 'dated' | 'manual' | 'charged';

export type DraftProblem = 'required' | 'number';

/** What the form shows and, when it is complete, the body to send. */
export interface DraftOutcome {
  amount: number | null;
  problems: Partial<Record<'title' | 'payers' | 'split' | 'rate', DraftProblem | string>> & {
    amount?: AmountProblem;
  };
  /** The rate the expense converts at, as far as this device knows; null in the event currency. */
  rate: ExpenseRate | null;
  /** Minor units still to assign among payers (multi-payer) and among shares (exact mode). */
  payersLeft: number;
  splitLeft: number;
  /** Each person's share in the expense currency and in the event currency. */
  perPerson: { userId: string; amount: number; inEventCurrency: number }[];
  /** For the split by days present: each ticked person's days there in the period. */
  days: Record<string, number>;
  body: (ExpenditureBody & { id: string }) | null;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The calendar month holding `date`: what a period-long expense (rent) most often covers. */
export function monthOf(date: string): { from: string; to: string } {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return {
    from: `${date.slice(0, 7)}-01`,
    to: `${date.slice(0, 7)}-${String(last).padStart(2, '0')}`,
  };
}

/** Who takes part by default in an expense on `date`: the people there that day. */
export function presentOn(event: Event, date: string): Set<string> {
  return new Set(
    event.users.filter((user) => isPresentOn(user.presence ?? [], date)).map((user) => user.id),
  );
}

/**
 * A new expense: paid by this device's person, split among the people there today by the event's
 * default split — evenly, or by shares when someone's default share is not 1 (a couple counts 2).
 */
export function newDraft(event: Event, me: string | null): ExpenseDraft {
  const payer = me ?? event.users[0]?.id ?? '';
  const date = today();
  const present = presentOn(event, date);
  const weightOf = (user: Event['users'][number]) => user.default_weight ?? 1;
  const byShares = event.users.some((user) => weightOf(user) !== 1);
  return {
    id: crypto.randomUUID(),
    kind: 'expense',
    title: '',
    desc: '',
    amountText: '',
    currencyId: event.currency_id,
    date,
    category: null,
    payers: [{ userId: payer, amountText: '' }],
    mode: byShares ? 'shares' : 'evenly',
    shares: Object.fromEntries(
      event.users.map((user) => [
        user.id,
        { included: present.has(user.id), weightText: String(weightOf(user)) },
      ]),
    ),
    period: monthOf(date),
    followsPresence: true,
    receiptId: null,
    attachments: [],
    items: [],
  };
}

/** The draft's rate fields for an expense's kept rate (a typed one or an amount charged). */
export function rateDraftOf(
  rate: ExpenseRate | null | undefined,
  eventDecimals: number,
): Pick<ExpenseDraft, 'rateMode' | 'rateText' | 'chargedText'> {
  if (rate?.source === 'manual') return { rateMode: 'manual', rateText: String(rate.value) };
  if (rate?.source === 'charged' && rate.charged_amount) {
    return { rateMode: 'charged', chargedText: minorToInput(rate.charged_amount, eventDecimals) };
  }
  return { rateMode: 'dated' };
}

/**
 * What the draft sends as its rate, and the rate it converts at here: a typed rate or an amount
 * charged as typed; else the rate of its date as this device knows it (`datedRate`), which the
 * server decides again when it saves (so an offline expense gets the rate of its date on replay).
 */
function draftRate(
  draft: ExpenseDraft,
  event: Event,
  total: number,
  decimals: { expense: number; event: number },
  datedRate: ExpenseRate | null,
  locale: string,
): { body: ExpenseRateBody | null; rate: ExpenseRate | null; problem?: DraftProblem } {
  const base = { currency_id: event.currency_id, date: draft.date };
  if (draft.rateMode === 'manual') {
    const value = parseExchangeRate(draft.rateText ?? '', locale);
    if (value === null) return { body: null, rate: datedRate, problem: 'number' };
    return { body: { source: 'manual', value }, rate: { ...base, value, source: 'manual' } };
  }
  if (draft.rateMode === 'charged') {
    const charged = parseAmountOrSum(draft.chargedText ?? '', decimals.event, locale);
    const value =
      charged && charged > 0
        ? derivedRate(total || 1, decimals.expense, charged, decimals.event)
        : null;
    if (charged === null || charged <= 0 || value === null) {
      return { body: null, rate: datedRate, problem: 'number' };
    }
    return {
      body: { source: 'charged', charged_amount: charged },
      rate: { ...base, value, source: 'charged', charged_amount: charged },
    };
  }
  return { body: null, rate: datedRate };
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
    kind: expense.kind ?? 'expense',
    title: expense.title,
    desc: expense.desc,
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
    period: expense.split?.period ?? monthOf(expense.date),
    followsPresence: false,
    receiptId: expense.receipt_id ?? null,
    attachments: expense.attachments ?? [],
    ...rateDraftOf(expense.rate, currencyDecimals(event, event.currency_id, currencies)),
    items: [],
  };
}

/** Reads a typed number (shares, percent) with a comma or a dot; null when it is not one. */
function parseWeight(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) && value >= 0 ? value : null;
}

/** How a draft splits its total: who takes part, with what weight, and the shares. */
interface DraftSplit {
  /** The mode saved with the expense: a split by items is saved as its exact amounts. */
  mode: SplitMode;
  included: Event['users'];
  people: { id: string; weight: number }[];
  split: { ok: true; shares: Map<string, number> } | { ok: false; error: { code: string } };
}

/** The four modes: the people ticked, with the weights they typed, through splitAmount. */
function splitByWeights(
  draft: ExpenseDraft,
  event: Event,
  total: number,
  decimals: number,
  locale: string,
): DraftSplit {
  const mode = draft.mode === 'items' ? 'exact' : draft.mode === 'days' ? 'shares' : draft.mode;
  const included = event.users.filter((user) => draft.shares[user.id]?.included);
  const people = included.map((user) => {
    const text = draft.shares[user.id]?.weightText ?? '';
    const weight = mode === 'exact' ? parseAmountOrSum(text, decimals, locale) : parseWeight(text);
    return { id: user.id, weight: weight ?? 0 };
  });
  return {
    mode,
    included,
    people,
    split: splitAmount({ amount: total, mode, people, tieKey: draft.id }),
  };
}

/**
 * By days present: each ticked person's share weight times their days there in the period,
 * through the one split function (splitByDaysPresent). Saved with the share weights and the
 * period, so that an edit reopens it as it was.
 */
function splitByDays(
  draft: ExpenseDraft,
  event: Event,
  total: number,
): DraftSplit & { days: Record<string, number> } {
  const included = event.users.filter((user) => draft.shares[user.id]?.included);
  const people = included.map((user) => ({
    id: user.id,
    weight: parseWeight(draft.shares[user.id]?.weightText ?? '') ?? 0,
  }));
  const { from, to } = draft.period;
  const noPeriod = {
    mode: 'shares' as const,
    included,
    people,
    split: { ok: false as const, error: { code: 'period' } },
    days: {},
  };
  if (!(from && to && from <= to)) return noPeriod;
  try {
    const { result, days } = splitByDaysPresent({
      amount: total,
      from,
      to,
      tieKey: draft.id,
      people: people.map((person) => ({
        ...person,
        presence: event.users.find((user) => user.id === person.id)?.presence ?? [],
      })),
    });
    return { mode: 'shares', included, people, split: result, days: Object.fromEntries(days) };
  } catch (error) {
    // A date half typed, or out of the calendar: the period is asked for again, nothing breaks.
    if (error instanceof RangeError) return noPeriod;
    throw error;
  }
}

/**
 * By the receipt's items: each item among the people who had it, tax and service in
 * proportion (itemisedSplit); the people with a share take part, their shares as exact amounts.
 */
function splitByItems(draft: ExpenseDraft, event: Event, total: number): DraftSplit {
  const known = new Set(event.users.map((user) => user.id));
  const split = itemisedSplit({
    total,
    items: draft.items.map((item) => ({
      amount: item.amount,
      // Someone removed from the event since the receipt was read has no share.
      people: item.people.filter((id) => known.has(id)),
    })),
    tieKey: draft.id,
  });
  const included = split.ok ? event.users.filter((user) => split.shares.has(user.id)) : [];
  const people = split.ok
    ? included.map((user) => ({ id: user.id, weight: split.shares.get(user.id) ?? 0 }))
    : [];
  return { mode: 'exact', included, people, split };
}

/** Everything the form derives from a draft, through the domain's one split function. */
export function evaluateDraft(
  draft: ExpenseDraft,
  event: Event,
  currencies: readonly Currency[],
  locale: string,
  datedRate: ExpenseRate | null = null,
): DraftOutcome {
  const decimals = currencyDecimals(event, draft.currencyId, currencies);
  const amount = parseAmountOrSum(draft.amountText, decimals, locale);
  const problems: DraftOutcome['problems'] = {};
  if (!draft.title.trim()) problems.title = 'required';
  const amountProblem = amountProblemOf(draft.amountText, amount, {
    expense: draft.kind === 'expense',
  });
  if (amountProblem) problems.amount = amountProblem;
  const total = amount !== null && amount > 0 ? amount : 0;

  const payer =
    draft.payers.length === 1
      ? draft.payers.map((line) => ({ user_id: line.userId, amount: total }))
      : draft.payers.map((line) => ({
          user_id: line.userId,
          amount: parseAmountOrSum(line.amountText, decimals, locale) ?? 0,
        }));
  const payersLeft = total - payer.reduce((sum, line) => sum + line.amount, 0);
  if (payersLeft !== 0) problems.payers = 'left';

  const byDays = draft.mode === 'days' ? splitByDays(draft, event, total) : null;
  const { mode, included, people, split } =
    byDays ??
    (draft.mode === 'items'
      ? splitByItems(draft, event, total)
      : splitByWeights(draft, event, total, decimals, locale));
  const splitLeft =
    mode === 'exact' && draft.mode !== 'items'
      ? total - people.reduce((sum, person) => sum + person.weight, 0)
      : 0;
  if (!split.ok && total > 0) problems.split = split.error.code;
  // By days present, someone there on no day of the period is left out rather than owing 0.
  const takesPart = (userId: string) => !byDays || (byDays.days[userId] ?? 0) > 0;
  const participant = split.ok
    ? included
        .filter((user) => takesPart(user.id))
        .map((user) => ({ user_id: user.id, amount: split.shares.get(user.id) ?? 0 }))
    : [];

  const foreign = draft.currencyId !== event.currency_id;
  const eventDecimals = currencyDecimals(event, event.currency_id, currencies);
  const chosen = foreign
    ? draftRate(draft, event, total, { expense: decimals, event: eventDecimals }, datedRate, locale)
    : { body: null, rate: null };
  if (chosen.problem) problems.rate = chosen.problem;
  // The event's one rate table, so that the form's figures are the ones the balances will show.
  const rates = eventRateTable(event, currencies);
  const converted =
    participant.length > 0 && total > 0
      ? convertExpense(
          {
            id: draft.id,
            amount: total,
            currency_id: draft.currencyId,
            payer,
            participant,
            rate: chosen.rate,
          },
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
    mode === 'evenly'
      ? undefined
      : Object.fromEntries(people.map((person) => [person.id, person.weight]));
  const splitInfo: Split = byDays
    ? { mode: 'days', weights: weights ?? {}, period: draft.period }
    : weights
      ? { mode, weights }
      : { mode };
  return {
    amount,
    problems,
    rate: chosen.rate,
    payersLeft,
    splitLeft,
    perPerson,
    days: byDays?.days ?? {},
    body: complete
      ? {
          id: draft.id,
          kind: draft.kind,
          title: draft.title.trim(),
          desc: draft.desc,
          date: draft.date,
          amount: total,
          currency_id: draft.currencyId,
          category: draft.category,
          payer,
          participant,
          split: splitInfo,
          // Left out without a receipt: the server then keeps whatever the expense has.
          ...(draft.receiptId ? { receipt_id: draft.receiptId } : {}),
          attachments: draft.attachments,
          // Null: the server decides the rate of the date (and drops a rate typed before).
          ...(foreign ? { rate: chosen.body } : {}),
        }
      : null,
  };
}
