import { randomUUID } from 'node:crypto';
import { attachmentIds, type Payment, type PaymentBody } from '@quits/contract';
import { paymentMergeRules } from '@quits/domain';
import { resolveAttachments } from '@server/attachments/attachment-list';
import type { Database, Transaction } from '@server/db/connection';
import { payments, users } from '@server/db/schema';
import { checkCurrency } from '@server/events/currency-check';
import { entryDeleted, mergeOrRefuse } from '@server/events/edit-conflict';
import { assertRoomForEntry, writeEvent } from '@server/events/event-write';
import { assertPeopleInEvent } from '@server/events/people';
import { sameContent } from '@server/events/same-content';
import { toPayment } from '@server/events/serializers';
import type { ClientContext } from '@server/http/client-context';
import { conflict, type FieldErrors, say, unprocessable } from '@server/http/http-error';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

type PaymentRow = typeof payments.$inferSelect;

/** A payment as the API shows it, with the names of both people (removed people included). */
export async function serialisePayment(
  db: Database | Transaction,
  row: PaymentRow,
): Promise<Payment> {
  const people = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [row.payerId, row.payeeId]));
  return toPayment(row, new Map(people.map((person) => [person.id, person.name])));
}

/** What a re-post must carry unchanged to count as a replay; attachments by their ids. */
function contentOf(payment: Payment) {
  const { date, title, payer_id, payee_id, amount, currency_id, percentage } = payment;
  const attachments = attachmentIds(payment.attachments);
  return { date, title, payer_id, payee_id, amount, currency_id, percentage, attachments };
}

/** Today in UTC as YYYY-MM-DD: the date of a payment sent without one. */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Creates the payment, or updates it when its id exists: a replayed call changes nothing. An
 * update that carries `base` is merged field by field with another device's changes meanwhile.
 */
export async function upsertPayment(
  app: FastifyInstance,
  eventId: string,
  body: PaymentBody,
  client: ClientContext,
): Promise<{ payment: Payment; created: boolean }> {
  const id = body.id ?? randomUUID();
  return writeEvent(app, eventId, client, async ({ tx, event, record, countItems }) => {
    const errors: FieldErrors = {};
    const currencyId = body.currency_id ?? event.currencyId;
    checkCurrency(app.currencies, currencyId, 'currency_id', errors);
    if (Object.keys(errors).length > 0) throw unprocessable(errors);

    const [row] = await tx.select().from(payments).where(eq(payments.id, id));
    const existing = row ? await serialisePayment(tx, row) : null;
    if (existing && existing.event_id !== eventId) {
      throw conflict(say('id_in_use'));
    }
    const ref = { eventId, entity: 'payment', entityId: id, what: 'payment' } as const;
    if (existing?.deleted_at) throw await entryDeleted(tx, ref, existing.deleted_at);
    let incoming = {
      date: body.date ?? existing?.date ?? today(),
      title: body.title,
      payer_id: body.payer_id,
      payee_id: body.payee_id,
      amount: body.amount,
      currency_id: currencyId,
      percentage: body.percentage ?? null,
      // Left out, an edit keeps the attachments (an older client's edit drops none).
      attachments:
        body.attachments === undefined
          ? attachmentIds(existing?.attachments)
          : attachmentIds(body.attachments),
    };
    if (existing && body.base) {
      // Only the fields this device changed are taken; another device's changes stay.
      const theirs = contentOf(existing);
      const base = {
        ...body.base,
        percentage: body.base.percentage ?? null,
        // A base from before attachments existed says nothing of them: they count as unchanged.
        attachments:
          body.base.attachments === undefined
            ? theirs.attachments
            : attachmentIds(body.base.attachments),
      };
      incoming = await mergeOrRefuse(
        tx,
        ref,
        paymentMergeRules,
        { base, mine: incoming, theirs },
        existing,
      );
    }
    if (existing && sameContent(contentOf(existing), incoming)) {
      return { payment: existing, created: false };
    }
    await assertPeopleInEvent(tx, eventId, [
      { path: 'payer_id', userId: incoming.payer_id },
      { path: 'payee_id', userId: incoming.payee_id },
    ]);
    const attachments = await resolveAttachments(tx, eventId, incoming.attachments, {
      listed: existing?.attachments,
    });
    const values = {
      date: incoming.date,
      title: incoming.title,
      payerId: incoming.payer_id,
      payeeId: incoming.payee_id,
      amount: incoming.amount,
      currencyId: incoming.currency_id,
      percentage: incoming.percentage,
      attachments,
    };
    if (existing) {
      const [updated] = await tx
        .update(payments)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(payments.id, id))
        .returning();
      if (!updated) throw new Error('update returned no payment');
      const after = await serialisePayment(tx, updated);
      record({ entity: 'payment', entityId: id, action: 'updated', before: existing, after });
      return { payment: after, created: false };
    }
    assertRoomForEntry(event);
    const [inserted] = await tx
      .insert(payments)
      .values({ id, eventId, ...values })
      .returning();
    if (!inserted) throw new Error('insert returned no payment');
    const after = await serialisePayment(tx, inserted);
    countItems(1);
    record({ entity: 'payment', entityId: id, action: 'created', before: null, after });
    return { payment: after, created: true };
  });
}
