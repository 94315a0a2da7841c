import type { Activity } from '@quits/contract';
import { attachmentNames } from '@web/lib/attachment-names';
import type { TFunction } from 'i18next';

/** One field an edit changed, in words: "Amount: €30.00 → €35.00". */
export interface FieldChange {
  label: string;
  before: string;
  after: string;
}

/** How values read on screen: money in its currency, dates, people by name. */
export interface ChangeWords {
  t: TFunction;
  money(minor: number, currencyId: string): string;
  date(isoDate: string): string;
  /** A plain number as the reader writes them: "1.5", "1,5". */
  number(value: number): string;
  name(userId: string): string;
}

type Snapshot = Record<string, unknown>;
type Field = { label: string; text: (entity: Snapshot) => string };

const isSnapshot = (value: unknown): value is Snapshot =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** "Ana €60.00, Ben €35.00": a side of an expense, in its currency. */
function lines(value: unknown, currencyId: string, words: ChangeWords): string {
  if (!Array.isArray(value)) return '';
  return value
    .filter(isSnapshot)
    .map((line) => `${words.name(str(line.user_id))} ${words.money(num(line.amount), currencyId)}`)
    .join(', ');
}

/** "1 Mar 2026 – 15 Mar 2026, …", or "Always" for a person with no presence periods. */
function periods(value: unknown, words: ChangeWords): string {
  if (!Array.isArray(value) || value.length === 0) return words.t('presence.always');
  return value
    .filter(isSnapshot)
    .map((period) => `${words.date(str(period.from))} – ${words.date(str(period.to))}`)
    .join(', ');
}

function expenseFields(words: ChangeWords): Field[] {
  const { t } = words;
  const currency = (entity: Snapshot) => str(entity.currency_id);
  return [
    // A copy from before income existed has no kind: it was spent.
    { label: t('expense.kindLabel'), text: (e) => t(`expense.kind.${str(e.kind) || 'expense'}`) },
    { label: t('expense.title'), text: (e) => str(e.title) },
    { label: t('expense.amount'), text: (e) => words.money(num(e.amount), currency(e)) },
    { label: t('expense.date'), text: (e) => words.date(str(e.date)) },
    {
      label: t('expense.category'),
      text: (e) => (e.category ? t(`category.${str(e.category)}`) : t('expense.noCategory')),
    },
    { label: t('expense.note'), text: (e) => str(e.desc) },
    { label: t('attachments.label'), text: (e) => attachmentNames(e.attachments) },
    { label: t('expense.paidBy'), text: (e) => lines(e.payer, currency(e), words) },
    { label: t('expense.forWhom'), text: (e) => lines(e.participant, currency(e), words) },
    {
      label: t('expense.splitMode'),
      text: (e) => {
        const mode = isSnapshot(e.split) ? str(e.split.mode) : '';
        return mode ? t(`expense.mode.${mode}`) : '';
      },
    },
  ];
}

function paymentFields(words: ChangeWords): Field[] {
  const { t } = words;
  return [
    { label: t('payment.from'), text: (p) => words.name(str(p.payer_id)) },
    { label: t('payment.to'), text: (p) => words.name(str(p.payee_id)) },
    { label: t('payment.amount'), text: (p) => words.money(num(p.amount), str(p.currency_id)) },
    { label: t('payment.date'), text: (p) => words.date(str(p.date)) },
    { label: t('payment.note'), text: (p) => str(p.title) },
    { label: t('attachments.label'), text: (p) => attachmentNames(p.attachments) },
  ];
}

/** A recurring expense: what each occurrence copies, how it repeats, and its state. */
function recurrenceFields(words: ChangeWords): Field[] {
  const { t } = words;
  const expense = (r: Snapshot) => (isSnapshot(r.expense) ? r.expense : {});
  const repeat = (r: Snapshot) => (isSnapshot(r.repeat) ? r.repeat : {});
  return [
    ...expenseFields(words).map((field) => ({
      label: field.label,
      text: (r: Snapshot) => field.text(expense(r)),
    })),
    {
      label: t('recurring.repeat'),
      text: (r) => t(`recurring.frequency.${str(repeat(r).frequency) || 'monthly'}`),
    },
    {
      label: t('recurring.ends'),
      text: (r) => {
        const { until, count } = repeat(r);
        if (typeof until === 'string') return words.date(until);
        if (typeof count === 'number') return t('recurring.times', { count });
        return t('recurring.never');
      },
    },
    {
      label: t('recurring.state'),
      text: (r) =>
        r.stopped_at
          ? t('recurring.stopped')
          : r.paused_at
            ? t('recurring.paused')
            : t('recurring.running'),
    },
  ];
}

function eventFields(words: ChangeWords): Field[] {
  const { t } = words;
  const rates = (value: unknown) =>
    Array.isArray(value)
      ? value
          .filter(isSnapshot)
          .map((rate) => `${str(rate.currency_id)} ${num(rate.exchange_rate)}`)
          .join(', ')
      : '';
  return [
    { label: t('newEvent.name'), text: (e) => str(e.name) },
    { label: t('newEvent.description'), text: (e) => str(e.desc) },
    { label: t('newEvent.currency'), text: (e) => str(e.currency_id) },
    { label: t('currencies.title'), text: (e) => rates(e.currency_rates) },
    {
      label: t('closedEvent.state'),
      text: (e) => (e.closed_at ? t('closedEvent.stateClosed') : t('closedEvent.stateOpen')),
    },
  ];
}

function fieldsOf(entity: Activity['entity'], words: ChangeWords): Field[] {
  switch (entity) {
    case 'expenditure':
      return expenseFields(words);
    case 'payment':
      return paymentFields(words);
    case 'event':
      return eventFields(words);
    case 'recurrence':
      return recurrenceFields(words);
    case 'user':
      return [
        { label: words.t('people.name'), text: (u) => str(u.name) },
        { label: words.t('presence.title'), text: (u) => periods(u.presence, words) },
        {
          label: words.t('defaultSplit.share'),
          // Before the default split existed everyone counted 1.
          text: (u) => words.number(typeof u.default_weight === 'number' ? u.default_weight : 1),
        },
      ];
  }
}

/**
 * What an edit changed, field by field, as the reader reads values (only the fields whose text
 * differs). Other changes (created, deleted, restored) have no before and after to compare.
 */
export function changesOf(row: Activity, words: ChangeWords): FieldChange[] {
  const { before, after } = row;
  if (row.action !== 'updated' || !isSnapshot(before) || !isSnapshot(after)) return [];
  return fieldsOf(row.entity, words).flatMap((field) => {
    const was = field.text(before);
    const is = field.text(after);
    return was === is ? [] : [{ label: field.label, before: was, after: is }];
  });
}
