import type {
  EventBase,
  ExpenditureBase,
  ExpenditureBody,
  PaymentBase,
  PaymentBody,
} from '@quits/contract';
import {
  type EventMergeEntry,
  eventMergeEntry,
  eventMergeRules,
  expenseMergeRules,
  type FieldConflict,
  type MergeRules,
  paymentMergeRules,
  personMergeRules,
  ratesOfEventEntry,
  settingsAfter,
  settleConflicts,
} from '@quits/domain';
import type { Change } from './commands';

/**
 * A refused edit settled by the person's choice, as the change to send again: "keep mine" sends
 * the device's values of the conflicting fields over a base that now holds theirs; "keep theirs"
 * sends the base's values, which leaves theirs in place. The merge itself is the domain's
 * `settleConflicts`; this file only turns a change into merge entries and back.
 */
export type Keep = 'mine' | 'theirs';

// The contract's base types are the merge entries' shapes, so the domain's rules apply to them.
const expenseRules: MergeRules<ExpenditureBase> = expenseMergeRules;
const paymentRules: MergeRules<PaymentBase> = paymentMergeRules;

/** An expense body's own fields, as merged; a field left out keeps the base's value. */
export function expenseOfBody(body: ExpenditureBody, base: ExpenditureBase): ExpenditureBase {
  return {
    title: body.title,
    desc: body.desc ?? '',
    date: body.date,
    amount: body.amount,
    currency_id: body.currency_id,
    category: body.category ?? null,
    split: body.split ?? null,
    payer: body.payer,
    participant: body.participant,
    // Left out, the expense keeps its receipt on the server: the same as the base's.
    receipt_id: body.receipt_id === undefined ? (base.receipt_id ?? null) : body.receipt_id,
    attachments: body.attachments ?? base.attachments ?? [],
  };
}

/** A payment body's own fields, as merged; a field left out keeps the base's value. */
export function paymentOfBody(body: PaymentBody, base: PaymentBase): PaymentBase {
  return {
    date: body.date ?? base.date,
    title: body.title ?? base.title,
    payer_id: body.payer_id,
    payee_id: body.payee_id,
    amount: body.amount,
    currency_id: body.currency_id ?? base.currency_id,
    percentage: body.percentage === undefined ? base.percentage : body.percentage,
    attachments: body.attachments ?? base.attachments ?? [],
  };
}

const textOf = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);

/** The event's settings of a merged entry (see `eventMergeEntry`). */
function eventOfEntry(entry: EventMergeEntry, fallback: EventBase): EventBase {
  return {
    name: textOf(entry.name, fallback.name),
    desc: textOf(entry.desc, fallback.desc),
    image: entry.image === null ? null : textOf(entry.image, fallback.image ?? ''),
    currency_id: textOf(entry.currency_id, fallback.currency_id),
    currency_rates: ratesOfEventEntry(entry),
  };
}

/** The change to send again after the person chose which side of each conflict to keep. */
export function settleChange(
  change: Change,
  conflicts: readonly FieldConflict[],
  keep: Keep,
): Change {
  switch (change.kind) {
    case 'expense.save': {
      const { base } = change.body;
      if (!base) return change;
      const mine = expenseOfBody(change.body, base);
      const settled = settleConflicts(expenseRules, { base, mine }, conflicts, keep);
      return { ...change, body: { ...change.body, ...settled.mine, base: settled.base } };
    }
    case 'payment.save': {
      const { base } = change.body;
      if (!base) return change;
      const mine = paymentOfBody(change.body, base);
      const settled = settleConflicts(paymentRules, { base, mine }, conflicts, keep);
      return { ...change, body: { ...change.body, ...settled.mine, base: settled.base } };
    }
    case 'person.rename': {
      if (!change.base) return change;
      const edit = { base: change.base, mine: { name: change.name } };
      const settled = settleConflicts(personMergeRules, edit, conflicts, keep);
      return { ...change, name: settled.mine.name, base: settled.base };
    }
    case 'event.update':
      return settleEventUpdate(change, conflicts, keep);
    default:
      return change;
  }
}

function settleEventUpdate(
  change: Extract<Change, { kind: 'event.update' }>,
  conflicts: readonly FieldConflict[],
  keep: Keep,
): Change {
  const { base: eventBase, ...fields } = change.body;
  if (!eventBase) return change;
  const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const base = eventMergeEntry(eventBase);
  const mine = eventMergeEntry(settingsAfter(eventBase, fields));
  const settled = settleConflicts(eventMergeRules(base, mine), { base, mine }, conflicts, keep);
  const mineEvent = eventOfEntry(settled.mine, eventBase);
  // Only the settings the change gave: the others were not part of this edit.
  const body = Object.fromEntries(
    Object.keys(given).map((key) => [key, mineEvent[key as keyof EventBase]]),
  );
  return {
    ...change,
    body: { ...body, base: eventOfEntry(settled.base, eventBase) },
  };
}
