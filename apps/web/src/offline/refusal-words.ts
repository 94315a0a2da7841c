import type { ConflictAuthor, EditConflict, RemovedPeople } from '@quits/contract';
import { attachmentNames } from '@web/lib/attachment-names';
import type { TFunction } from 'i18next';
import type { Command } from './commands';
import { isConflict, type Refusal } from './refusal';

/**
 * A refusal in words, for the sync list and the forms: what the server said, turned into what
 * the person can act on ("Dan was removed from this event"; "Amount: yours €45.00, Ben's €30.00
 * (changed 10:42)"). Pure: the formatting of money, dates and names comes in `WordingContext`.
 */
export interface WordingContext {
  t: TFunction;
  /** A person's name by id; null for someone the device does not know. */
  personName(userId: string): string | null;
  /** Minor units of a currency, as the reader writes money. */
  money(minor: number, currencyId: string): string;
  date(isoDate: string): string;
  moment(timestamp: string): string;
  category(category: string): string;
}

/** The words of each field a conflict or a field error may name. */
const FIELD_KEYS: Readonly<Record<string, string>> = {
  title: 'refusal.field.title',
  desc: 'refusal.field.desc',
  date: 'refusal.field.date',
  category: 'refusal.field.category',
  receipt_id: 'refusal.field.receipt_id',
  attachments: 'refusal.field.attachments',
  amount: 'refusal.field.amount',
  currency_id: 'refusal.field.currency_id',
  payer: 'refusal.field.payer',
  split: 'refusal.field.split',
  participant: 'refusal.field.participant',
  payer_id: 'refusal.field.payer_id',
  payee_id: 'refusal.field.payee_id',
  percentage: 'refusal.field.percentage',
  name: 'refusal.field.name',
  image: 'refusal.field.image',
  currency_rates: 'refusal.field.currency_rates',
};

/** The field a conflict or an error names, in words ("Amount", "Rate USD"); by its path's root. */
export function fieldLabel(field: string, t: TFunction): string {
  if (field.startsWith('currency_rates.')) {
    const currency = field.split('.')[1] ?? '';
    if (/^[A-Z]{3}$/.test(currency)) return t('refusal.field.rate', { currency });
  }
  const root = field.split('.')[0] ?? field;
  const key = FIELD_KEYS[root];
  return key ? t(key) : root;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Who and how much, of payer or participant lines: "Ann 30.00 €, Ben 15.00 €". */
function linesText(lines: unknown, currencyId: string, ctx: WordingContext): string {
  if (!Array.isArray(lines) || lines.length === 0) return ctx.t('refusal.value.none');
  return lines
    .filter(isRecord)
    .map((line) => {
      const name = typeof line.user_id === 'string' ? ctx.personName(line.user_id) : null;
      const who = name ?? ctx.t('refusal.value.someone');
      return typeof line.amount === 'number' ? `${who} ${ctx.money(line.amount, currencyId)}` : who;
    })
    .join(', ');
}

/**
 * A conflicting field's value in words. `currencyId` is the entry's currency, for the amounts
 * of payer and participant lines (the field's value does not carry it).
 */
export function conflictValueText(
  field: string,
  value: unknown,
  currencyId: string,
  ctx: WordingContext,
): string {
  const { t } = ctx;
  if (value === null || value === undefined || value === '') return t('refusal.value.none');
  switch (field) {
    case 'amount':
      return isRecord(value) && typeof value.amount === 'number'
        ? ctx.money(
            value.amount,
            typeof value.currency_id === 'string' ? value.currency_id : currencyId,
          )
        : String(value);
    case 'payer':
      return linesText(value, currencyId, ctx);
    case 'split':
      return linesText(isRecord(value) ? value.participant : null, currencyId, ctx);
    case 'payer_id':
    case 'payee_id':
      return typeof value === 'string'
        ? (ctx.personName(value) ?? t('refusal.value.someone'))
        : String(value);
    case 'date':
      return typeof value === 'string' ? ctx.date(value) : String(value);
    case 'category':
      return typeof value === 'string' ? ctx.category(value) : String(value);
    case 'receipt_id':
      return t('refusal.value.photo');
    case 'attachments':
      return attachmentNames(value) || t('attachments.none');
    case 'percentage':
      return `${String(value)} %`;
    default:
      return typeof value === 'string' ? t('refusal.value.quoted', { text: value }) : String(value);
  }
}

/**
 * "Amount: yours €45.00, Ben's €30.00 (changed 10:42)"; without the time when `withTime` is
 * false (said once for all the fields, when one change made them all).
 */
export function conflictLine(
  conflict: EditConflict,
  currencyId: string,
  ctx: WordingContext,
  withTime = true,
): string {
  const { t } = ctx;
  const words = {
    field: fieldLabel(conflict.field, t),
    mine: conflictValueText(conflict.field, conflict.mine, currencyId, ctx),
    theirs: conflictValueText(conflict.field, conflict.theirs, currencyId, ctx),
    name: conflict.by.name ?? '',
  };
  const line = conflict.by.name
    ? t('refusal.conflict.line', words)
    : t('refusal.conflict.lineSomeone', words);
  return conflict.by.at && withTime
    ? `${line} ${t('refusal.conflict.changedAt', { time: ctx.moment(conflict.by.at) })}`
    : line;
}

/** The time of the other change when every conflicting field comes from it; else null. */
export function sharedChangeTime(conflicts: readonly EditConflict[]): string | null {
  const [first] = conflicts;
  const at = first?.by.at ?? null;
  return at && conflicts.every((conflict) => conflict.by.at === at) ? at : null;
}

/** "Dan was removed from this event", for each person the change named. */
export function removedPeopleLines(removed: RemovedPeople, t: TFunction): string[] {
  return removed.map((person) =>
    person.name ? t('refusal.removed', { name: person.name }) : t('refusal.removedUnknown'),
  );
}

/** "Ben deleted this expense (12 Mar 2026, 10:42)". */
export function deletedLine(
  kind: 'expense' | 'payment',
  by: ConflictAuthor | undefined,
  ctx: WordingContext,
): string {
  const { t } = ctx;
  const name = by?.name;
  const line =
    kind === 'expense'
      ? name
        ? t('refusal.deleted.expense', { name })
        : t('refusal.deletedSomeone.expense')
      : name
        ? t('refusal.deleted.payment', { name })
        : t('refusal.deletedSomeone.payment');
  return by?.at ? `${line} (${ctx.moment(by.at)})` : line;
}

/** Each field error as "Amount: must be more than zero."; the message alone when there are none. */
export function fieldErrorLines(refusal: Refusal, t: TFunction): string[] {
  const lines = Object.entries(refusal.errors ?? {}).flatMap(([path, messages]) =>
    messages.map((message) =>
      path ? t('refusal.fieldError', { field: fieldLabel(path, t), message }) : message,
    ),
  );
  return lines.length > 0 ? lines : [t('refusal.message', { message: refusal.message })];
}

/** The currency an entry's amounts are in, for the wording of its lines. */
function currencyOf(command: Command): string {
  const { change } = command;
  if (change.kind === 'expense.save') return change.body.currency_id;
  if (change.kind === 'payment.save') return change.body.currency_id ?? '';
  return '';
}

/** Every line that says why a change was refused. */
export function refusalLines(command: Command, ctx: WordingContext): string[] {
  const refusal = command.rejected;
  if (!refusal) return [];
  if (isConflict(refusal)) {
    return refusal.conflicts.map((conflict) => conflictLine(conflict, currencyOf(command), ctx));
  }
  if (refusal.code === 'entry_deleted') {
    const kind = command.change.kind.startsWith('payment') ? 'payment' : 'expense';
    return [deletedLine(kind, refusal.by, ctx)];
  }
  if (refusal.code === 'event_closed' && refusal.closed_at) {
    return [ctx.t('refusal.eventClosed', { date: ctx.moment(refusal.closed_at) })];
  }
  if (refusal.code === 'event_not_settled') return [ctx.t('refusal.eventNotSettled')];
  if (refusal.removed_people?.length) return removedPeopleLines(refusal.removed_people, ctx.t);
  return fieldErrorLines(refusal, ctx.t);
}
