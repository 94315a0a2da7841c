import { LIMITS } from '@quits/contract';
import { stillStored } from '@server/attachments/attachment-list';
import type { Transaction } from '@server/db/connection';
import { users } from '@server/db/schema';
import type { ClientContext } from '@server/http/client-context';
import { conflict, notFound, say } from '@server/http/http-error';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { EntryKind, EntryTable } from './entry-delete';
import { type LockedEvent, writeEvent } from './event-write';
import { livePeople } from './people';

type EntryRow = EntryTable['$inferSelect'];

/** Everyone a stored expense or payment mentions (payers, participants, payer and payee). */
function peopleOf(row: EntryRow): string[] {
  if ('payer' in row) {
    return [...row.payer, ...row.participant].map((line) => line.user_id);
  }
  return [row.payerId, row.payeeId];
}

/**
 * Throws a 409 when bringing the entry back would break a rule the event keeps: it mentions
 * someone removed since, or the event already holds as many entries as it may.
 */
async function assertRestorable(tx: Transaction, event: LockedEvent, row: EntryRow): Promise<void> {
  const mentioned = [...new Set(peopleOf(row))];
  const live = await livePeople(tx, event.id, mentioned);
  const gone = mentioned.filter((id) => !live.has(id));
  if (gone.length > 0) {
    const named = await tx
      .select({ name: users.name })
      .from(users)
      .where(and(eq(users.eventId, event.id), inArray(users.id, gone)));
    const names = named.map((person) => person.name).join(', ') || 'someone';
    throw conflict(say('restore_names_removed', { names }));
  }
  if (event.itemCount >= LIMITS.maxItems) {
    throw conflict(say('restore_event_full', { max: LIMITS.maxItems }));
  }
}

/**
 * Brings back a deleted expense or payment of the event, as it was when deleted, and answers it.
 * Restoring a live one answers it unchanged and writes nothing, so a replayed restore is
 * harmless. The history records the restore; live updates and push treat it as a creation.
 */
export async function restoreEntry<T>(
  app: FastifyInstance,
  options: EntryKind<T> & { eventId: string; id: string },
  client: ClientContext,
): Promise<T> {
  const { eventId, id, table, entity, what, serialise } = options;
  return writeEvent(app, eventId, client, async ({ tx, event, record, countItems }) => {
    const [row] = await tx
      .select()
      .from(table)
      .where(and(eq(table.id, id), eq(table.eventId, eventId)));
    if (!row) throw notFound(what);
    if (!row.deletedAt) return serialise(row, tx);
    await assertRestorable(tx, event, row);
    // Files of an entry deleted longer than the restore window ago were swept: it comes back
    // without them rather than listing what no longer opens.
    const attachments = await stillStored(tx, eventId, row.attachments);
    const [restored] = await tx
      .update(table)
      .set({ deletedAt: null, attachments, updatedAt: sql`now()` })
      .where(eq(table.id, id))
      .returning();
    if (!restored) throw new Error(`the ${what} vanished inside its own restore`);
    const after = await serialise(restored, tx);
    countItems(1);
    record({ entity, entityId: id, action: 'restored', before: await serialise(row, tx), after });
    return after;
  });
}
