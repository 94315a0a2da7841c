import { randomUUID } from 'node:crypto';
import type {
  Category,
  CodedMessage,
  CurrencyRate,
  ExpenseKind,
  ExpenseRate,
  ExpenseRateBody,
  ImportFileFormat,
  ImportSource,
  QuitsImport,
  Split,
} from '@quits/contract';
import { compactPaymentDetails, englishOf, LIMITS, nameKey } from '@quits/contract';
import {
  addDays,
  copiedTies,
  isIban,
  occurrenceDate,
  type RepeatRule,
  todayIn,
} from '@quits/domain';
import type { CurrencyLookup } from '@server/currencies/currency-lookup';
import { checkCurrency } from '@server/events/currency-check';
import { type FieldErrors, say, unprocessable } from '@server/http/http-error';
import type { EcbRateSource } from './import-ecb-rates';

/**
 * The rate an exported expense carried, kept when it converts into the imported event's currency
 * and says its value (a file of an older version has none: today's rates then apply). A rate the
 * file calls the ECB's is the ECB's of that day as this server knows it; where it knows none, the
 * file's value is kept as the rate someone gave (`manual`), never passed off as official.
 */
function importedRate(
  rate: ExpenseRateBody | null | undefined,
  eventCurrency: string,
  expense: { currency_id: string; date: string },
  history: EcbRateSource,
): ExpenseRate | null {
  if (!rate?.value || expense.currency_id === eventCurrency) return null;
  if ((rate.currency_id ?? eventCurrency) !== eventCurrency) return null;
  if (rate.source === 'charged' && !rate.charged_amount) return null;
  if (rate.source === 'ecb') {
    const ecb = history.rateOn(expense.currency_id, eventCurrency, expense.date);
    if (ecb) return { value: ecb.value, currency_id: eventCurrency, date: ecb.date, source: 'ecb' };
    return { value: rate.value, currency_id: eventCurrency, date: expense.date, source: 'manual' };
  }
  return {
    value: rate.value,
    currency_id: eventCurrency,
    date: rate.date ?? null,
    source: rate.source,
    ...(rate.source === 'charged' ? { charged_amount: rate.charged_amount ?? null } : {}),
  };
}

/** A share line of a planned entry, naming one of the plan's people by their new id. */
export interface PlannedLine {
  user_id: string;
  amount: number;
}

export interface PlannedExpense {
  /** The new expense's id, made with the plan so that the preview splits ties as the event will. */
  id: string;
  /** Spent or received. */
  kind: ExpenseKind;
  title: string;
  desc: string;
  date: string;
  /** Minor units of `currency_id`; each side sums to it. */
  amount: number;
  currency_id: string;
  category: Category | null;
  split: Split | null;
  payer: PlannedLine[];
  participant: PlannedLine[];
  /** Who entered it (one of the plan's people), when known. */
  author: string | null;
  /** The rate it was converted at, from the file; null: the event's or today's rates apply. */
  rate: ExpenseRate | null;
  /** What orders its people in a tie, as its original did (domain `copiedTies`). */
  ties?: Record<string, string> | null;
  /** When it was entered, from the file; null: keep the file's order, as of the import. */
  createdAt: string | null;
  /** The plan's recurring expense it is an occurrence of, and which occurrence. */
  recurrenceId?: string | null;
  occurrenceDate?: string | null;
}

/** A recurring expense of the file, with the new event's ids. */
export interface PlannedSeries {
  id: string;
  /** What each occurrence copies, its people renamed. */
  expense: Record<string, unknown>;
  frequency: string;
  start: string;
  until: string | null;
  count: number | null;
  nextIndex: number;
  pausedAt: string | null;
  stoppedAt: string | null;
}

export interface PlannedPayment {
  id: string;
  title: string;
  date: string;
  payer_id: string;
  payee_id: string;
  amount: number;
  currency_id: string;
  percentage: number | null;
  createdAt: string | null;
}

/** A balance the file states (minor units of `currency_id`), to set beside the computed one. */
export interface StatedBalance {
  person_id: string;
  currency_id: string;
  amount: number;
}

export interface ImportWarning extends CodedMessage {
  line: number | null;
  message: string;
}

/** A warning of the file's `line`, in English and by its code. */
export function warningOf(line: number | null, said: CodedMessage): ImportWarning {
  return { ...said, line, message: englishOf(said) };
}

/**
 * An event to create, read from a file and checked, with the new ids of its people and
 * entries (the file's own ids are never reused). Every rule the API keeps holds for it.
 */
export interface ImportPlan {
  source: ImportSource;
  /** The file's format; absent for a JSON body (a Quits export or a wrapped Splitwise CSV). */
  format?: ImportFileFormat;
  event: {
    name: string;
    desc: string;
    image: string | null;
    currency_id: string;
    currency_rates: CurrencyRate[];
    /** The event's time zone; UTC when the file has none (a Splitwise file). */
    time_zone?: string;
  };
  people: {
    id: string;
    name: string;
    presence: { from: string; to: string }[];
    /** The person's share in the default split. */
    defaultWeight: number;
    paymentDetails?: Record<string, string> | null;
  }[];
  expenditures: PlannedExpense[];
  payments: PlannedPayment[];
  /** Recurring expenses (a Quits export only). */
  recurrences?: PlannedSeries[];
  warnings: ImportWarning[];
  /** Balances the file states itself (Splitwise's totals), per person and currency. */
  stated?: StatedBalance[];
}

/** Adds a message for each person whose name another one has already (case aside). */
function checkPeople(people: QuitsImport['people'], errors: FieldErrors): void {
  const ids = new Set<string>();
  const names = new Set<string>();
  people.forEach((person, index) => {
    if (ids.has(person.id)) errors[`people.${index}.id`] = [say('import_person_twice')];
    const name = nameKey(person.name);
    if (names.has(name)) {
      errors[`people.${index}.name`] = [say('name_taken', { name: person.name })];
    }
    const iban = person.payment_details?.iban;
    if (iban && !isIban(iban))
      errors[`people.${index}.payment_details.iban`] = [say('iban_invalid')];
    ids.add(person.id);
    names.add(name);
  });
}

/**
 * Checks what the body schema cannot: that every person an entry names is one of the file's
 * people, that every currency is known, that the event stays within its size limit. Answers
 * the plan, or throws one 422 with every problem found, by its place in the file.
 */
export function planFromExport(
  file: QuitsImport,
  currencies: CurrencyLookup,
  history: EcbRateSource,
): ImportPlan {
  const errors: FieldErrors = {};
  checkPeople(file.people, errors);
  const known = new Set(file.people.map((person) => person.id));
  const { event } = file;
  checkCurrency(currencies, event.currency_id, 'event.currency_id', errors);
  event.currency_rates.forEach((rate, index) => {
    const path = `event.currency_rates.${index}.currency_id`;
    checkCurrency(currencies, rate.currency_id, path, errors);
    if (rate.currency_id === event.currency_id) {
      errors[path] = [say('own_currency_rate')];
    }
  });
  const person = (id: string, path: string) => {
    if (!known.has(id)) errors[path] = [say('import_person_unknown')];
  };
  file.expenditures.forEach((expense, index) => {
    const at = `expenditures.${index}`;
    checkCurrency(currencies, expense.currency_id, `${at}.currency_id`, errors);
    for (const side of ['payer', 'participant'] as const) {
      expense[side].forEach((line, n) => {
        person(line.user_id, `${at}.${side}.${n}.user_id`);
      });
    }
  });
  // As for a series made in the app (recurrence-write.ts): what fell due before a year ago would
  // flood the event with old copies. A file's series goes on from its next occurrence.
  const earliest = addDays(todayIn(event.time_zone ?? 'UTC', new Date()), -366);
  file.recurrences.forEach((series, index) => {
    const at = `recurrences.${index}.expense`;
    checkCurrency(currencies, series.expense.currency_id, `${at}.currency_id`, errors);
    const next = series.paused_at || series.stopped_at ? null : nextDateOf(series);
    if (next !== null && next < earliest) {
      errors[`recurrences.${index}.repeat.start`] = [
        say('repeat_start_too_old', { date: earliest }),
      ];
    }
    for (const side of ['payer', 'participant'] as const) {
      series.expense[side].forEach((line, n) => {
        person(line.user_id, `${at}.${side}.${n}.user_id`);
      });
    }
  });
  file.payments.forEach((payment, index) => {
    const at = `payments.${index}`;
    if (payment.currency_id) {
      checkCurrency(currencies, payment.currency_id, `${at}.currency_id`, errors);
    }
    person(payment.payer_id, `${at}.payer_id`);
    person(payment.payee_id, `${at}.payee_id`);
  });
  const entries = file.expenditures.length + file.payments.length;
  if (entries > LIMITS.maxItems) {
    errors.expenditures = [say('import_too_many_entries', { max: LIMITS.maxItems, entries })];
  }
  if (Object.keys(errors).length > 0) {
    throw unprocessable(errors, say('import_refused'));
  }

  const newIds = new Map(file.people.map((person) => [person.id, randomUUID()]));
  const idOf = (fileId: string) => newIds.get(fileId) ?? fileId;
  const lines = (side: readonly { user_id: string; amount: number }[]) =>
    side.map(({ user_id, amount }) => ({ user_id: idOf(user_id), amount }));
  const seriesIds = new Map(file.recurrences.map((series) => [series.id, randomUUID()]));
  return {
    source: 'quits',
    event: {
      name: event.name,
      desc: event.desc,
      image: event.image ?? null,
      currency_id: event.currency_id,
      currency_rates: event.currency_rates,
      time_zone: event.time_zone ?? 'UTC',
    },
    people: file.people.map(({ id, name, presence = [], default_weight = 1, payment_details }) => ({
      id: idOf(id),
      name,
      presence,
      defaultWeight: default_weight,
      paymentDetails: compactPaymentDetails(payment_details),
    })),
    expenditures: file.expenditures.map((expense) => ({
      id: randomUUID(),
      kind: expense.kind ?? 'expense',
      title: expense.title,
      desc: expense.desc,
      date: expense.date,
      amount: expense.amount,
      currency_id: expense.currency_id,
      category: expense.category ?? null,
      split: renamedSplit(expense.split ?? null, newIds),
      payer: lines(expense.payer),
      participant: lines(expense.participant),
      author: expense.user_id ? (newIds.get(expense.user_id) ?? null) : null,
      rate: importedRate(expense.rate, event.currency_id, expense, history),
      ties: copiedTies(expense, (fileId) => newIds.get(fileId)),
      createdAt: expense.created_at ?? null,
      recurrenceId: expense.recurrence_id ? (seriesIds.get(expense.recurrence_id) ?? null) : null,
      occurrenceDate:
        expense.recurrence_id && seriesIds.has(expense.recurrence_id)
          ? (expense.occurrence_date ?? expense.date)
          : null,
    })),
    recurrences: file.recurrences.map((series) => {
      // Files are not imported, so none the series lists can be one of the new event's: like the
      // expenses', its attachments are left out (never kept as the file named them).
      const {
        base: _base,
        receipt_id: _receipt,
        attachments: _attachments,
        ...expense
      } = series.expense;
      return {
        id: seriesIds.get(series.id) ?? randomUUID(),
        expense: {
          ...expense,
          // Its first occurrence, made already or not, gets a new id as every entry does.
          id: randomUUID(),
          user_id: expense.user_id ? (newIds.get(expense.user_id) ?? null) : null,
          payer: lines(expense.payer),
          participant: lines(expense.participant),
          split: renamedSplit(expense.split ?? null, newIds),
        },
        frequency: series.repeat.frequency,
        start: series.repeat.start,
        until: series.repeat.until ?? null,
        count: series.repeat.count ?? null,
        nextIndex: series.next_index,
        pausedAt: series.paused_at ?? null,
        stoppedAt: series.stopped_at ?? null,
      };
    }),
    payments: file.payments.map((payment) => ({
      id: randomUUID(),
      title: payment.title,
      date: payment.date ?? new Date().toISOString().slice(0, 10),
      payer_id: idOf(payment.payer_id),
      payee_id: idOf(payment.payee_id),
      amount: payment.amount,
      currency_id: payment.currency_id ?? event.currency_id,
      percentage: payment.percentage ?? null,
      createdAt: payment.created_at ?? null,
    })),
    warnings: [],
  };
}

/** The date a file's series makes its next occurrence on; null once it has ended. */
function nextDateOf(series: QuitsImport['recurrences'][number]): string | null {
  const rule: RepeatRule = {
    frequency: series.repeat.frequency,
    start: series.repeat.start,
    until: series.repeat.until ?? null,
    count: series.repeat.count ?? null,
  };
  return occurrenceDate(rule, series.next_index);
}

/** The split mode, its weights keyed by the new ids (those of people not in the file dropped). */
function renamedSplit(split: Split | null, newIds: ReadonlyMap<string, string>): Split | null {
  if (!split?.weights) return split;
  const weights: Record<string, number> = {};
  for (const [fileId, weight] of Object.entries(split.weights)) {
    const id = newIds.get(fileId);
    if (id) weights[id] = weight;
  }
  return { ...split, weights };
}
