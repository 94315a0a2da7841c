import { randomUUID } from 'node:crypto';
import {
  attachmentIds,
  type Expenditure,
  type ExpenditureBase,
  type ExpenditureBody,
  type ExpenseKind,
} from '@quits/contract';
import { expenseMergeRules } from '@quits/domain';
import { resolveAttachments } from '@server/attachments/attachment-list';
import { expenditures } from '@server/db/schema';
import { checkCurrency } from '@server/events/currency-check';
import { entryDeleted, mergeOrRefuse } from '@server/events/edit-conflict';
import { assertRoomForEntry, writeEvent } from '@server/events/event-write';
import { decideExpenseRate } from '@server/events/expense-rate';
import {
  assertPeopleInEvent,
  assertWeightsInEvent,
  livePeople,
  type PersonReference,
} from '@server/events/people';
import { sameContent } from '@server/events/same-content';
import { toExpenditure } from '@server/events/serializers';
import type { ClientContext } from '@server/http/client-context';
import { conflict, type FieldErrors, say, unprocessable } from '@server/http/http-error';
import { assertReceiptInEvent } from '@server/receipts/receipt-check';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createExpenditureInOneStatement } from './expenditure-fast-create';

/** What a re-post must carry unchanged to count as a replay. */
function contentOf(expense: Expenditure | ReturnType<typeof fromBody>) {
  const { title, desc, date, amount, currency_id, category, split, payer, participant } = expense;
  const receipt_id = expense.receipt_id ?? null;
  const kind = expense.kind ?? 'expense';
  // A stored expense lists attachments, a body's content their ids already.
  const attachments = (expense.attachments ?? []).map((attachment) =>
    typeof attachment === 'string' ? attachment : attachment.id,
  );
  return {
    kind,
    title,
    desc,
    date,
    amount,
    currency_id,
    category,
    split,
    payer,
    participant,
    receipt_id,
    attachments,
  };
}

/** What an expense keeps when an edit leaves the field out. */
interface Kept {
  receipt_id: string | null;
  kind: ExpenseKind;
  attachments: string[];
}

const NOTHING_KEPT: Kept = { receipt_id: null, kind: 'expense', attachments: [] };

/**
 * `kept` is what the expense keeps when the body leaves a field out: its receipt, its
 * attachments, and whether it was spent or received (an older client's edit drops none).
 */
function fromBody(body: ExpenditureBody, kept: Kept = NOTHING_KEPT) {
  return {
    kind: body.kind ?? kept.kind,
    title: body.title,
    desc: body.desc,
    date: body.date,
    amount: body.amount,
    currency_id: body.currency_id,
    category: body.category ?? null,
    split: body.split ?? null,
    payer: body.payer.map(({ user_id, amount }) => ({ user_id, amount })),
    participant: body.participant.map(({ user_id, amount }) => ({ user_id, amount })),
    receipt_id: body.receipt_id === undefined ? kept.receipt_id : body.receipt_id,
    attachments:
      body.attachments === undefined ? kept.attachments : attachmentIds(body.attachments),
  };
}

/**
 * The expense as the device last had it, in the shape of `contentOf`. A base from before
 * attachments existed says nothing of them: they count as unchanged (`theirs`).
 */
function fromBase(base: ExpenditureBase, theirs: { attachments: string[] }) {
  return {
    ...base,
    kind: base.kind ?? 'expense',
    category: base.category ?? null,
    split: base.split ?? null,
    receipt_id: base.receipt_id ?? null,
    attachments:
      base.attachments === undefined ? theirs.attachments : attachmentIds(base.attachments),
  };
}

/**
 * Creates the expense, or updates it when its id exists: idempotent, so a replayed call changes
 * nothing. An update that carries `base` is merged field by field with what another device
 * changed meanwhile (a 409 names the fields both changed). The author (`user_id`) stays the one
 * who created it.
 */
export async function upsertExpenditure(
  app: FastifyInstance,
  eventId: string,
  body: ExpenditureBody,
  client: ClientContext,
): Promise<{ expenditure: Expenditure; created: boolean }> {
  const errors: FieldErrors = {};
  checkCurrency(app.currencies, body.currency_id, 'currency_id', errors);
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  const asNew = fromBody(body);
  const id = body.id ?? randomUUID();

  // Only an expense in the event's own currency takes the one-statement path: any other needs
  // the event's currency to decide its rate, which the general path reads. So does one with
  // attachments, which the general path checks.
  const created =
    asNew.attachments.length > 0
      ? null
      : await createExpenditureInOneStatement(
          app,
          {
            id,
            event_id: eventId,
            user_id: body.user_id ?? client.whoAmI,
            ...asNew,
            rate: null,
            // Entered alone: no recurring expense's occurrence (as the stored row answers).
            recurrence_id: null,
            occurrence_date: null,
            attachments: [],
          },
          client,
        );
  if (created) {
    const { expenditure, version, at } = created;
    const activity = { entity: 'expenditure', entityId: id, action: 'created' } as const;
    app.changes.publish({
      eventId,
      version,
      at,
      deleted: false,
      deviceId: client.deviceId,
      whoAmI: client.whoAmI,
      activities: [{ ...activity, before: null, after: expenditure }],
    });
    return { expenditure, created: true };
  }

  return writeEvent(app, eventId, client, async ({ tx, event, record, countItems }) => {
    // The device's "who am I" is the author only when it names a person of this event.
    const deviceAuthor = async () => {
      const { whoAmI } = client;
      return whoAmI && (await livePeople(tx, eventId, [whoAmI])).has(whoAmI) ? whoAmI : null;
    };
    const [row] = await tx.select().from(expenditures).where(eq(expenditures.id, id));
    const existing = row ? toExpenditure(row) : null;
    if (existing && existing.event_id !== eventId) {
      throw conflict(say('id_in_use'));
    }
    const ref = { eventId, entity: 'expenditure', entityId: id, what: 'expense' } as const;
    if (existing?.deleted_at) throw await entryDeleted(tx, ref, existing.deleted_at);
    let incoming = fromBody(
      body,
      existing
        ? {
            receipt_id: existing.receipt_id ?? null,
            kind: existing.kind ?? 'expense',
            attachments: attachmentIds(existing.attachments),
          }
        : undefined,
    );
    if (existing && body.base) {
      // Another device may have changed the expense since this one last saw it: only the
      // fields this device changed are taken.
      const theirs = contentOf(existing);
      const base = fromBase(body.base, theirs);
      incoming = await mergeOrRefuse(
        tx,
        ref,
        expenseMergeRules,
        { base, mine: incoming, theirs },
        existing,
      );
    }
    const rate = await decideExpenseRate(
      tx,
      { currencies: app.currencies, history: app.rateHistory },
      event,
      incoming,
      body.rate,
      existing,
    );
    const withRate = (content: ReturnType<typeof contentOf>, kept: unknown) => ({
      ...content,
      rate: kept ?? null,
    });
    if (
      existing &&
      sameContent(withRate(contentOf(existing), existing.rate), withRate(incoming, rate))
    ) {
      return { expenditure: existing, created: false };
    }
    const references: PersonReference[] = [
      ...incoming.payer.map((line, index) => ({
        path: `payer.${index}.user_id`,
        userId: line.user_id,
      })),
      ...incoming.participant.map((line, index) => ({
        path: `participant.${index}.user_id`,
        userId: line.user_id,
      })),
    ];
    if (!existing && body.user_id) references.push({ path: 'user_id', userId: body.user_id });
    await assertPeopleInEvent(tx, eventId, references);
    await assertWeightsInEvent(tx, eventId, incoming.split);
    if (incoming.receipt_id) await assertReceiptInEvent(tx, eventId, incoming.receipt_id);
    const attachments = await resolveAttachments(tx, eventId, incoming.attachments, {
      listed: existing?.attachments,
    });
    const author = existing ? existing.user_id : (body.user_id ?? (await deviceAuthor()));

    const values = {
      kind: incoming.kind,
      title: incoming.title,
      desc: incoming.desc,
      date: incoming.date,
      amount: incoming.amount,
      currencyId: incoming.currency_id,
      category: incoming.category,
      split: incoming.split,
      payer: incoming.payer,
      participant: incoming.participant,
      receiptId: incoming.receipt_id,
      attachments,
      rate,
    };
    if (existing) {
      const [updated] = await tx
        .update(expenditures)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(expenditures.id, id))
        .returning();
      if (!updated) throw new Error('update returned no expense');
      const after = toExpenditure(updated);
      record({ entity: 'expenditure', entityId: id, action: 'updated', before: existing, after });
      return { expenditure: after, created: false };
    }

    assertRoomForEntry(event);
    const [inserted] = await tx
      .insert(expenditures)
      .values({ id, eventId, userId: author, ...values })
      .returning();
    if (!inserted) throw new Error('insert returned no expense');
    const after = toExpenditure(inserted);
    countItems(1);
    record({ entity: 'expenditure', entityId: id, action: 'created', before: null, after });
    return { expenditure: after, created: true };
  });
}
