import type { Transaction } from '@server/db/connection';
import type { expenditures, payments } from '@server/db/schema';
import type { ClientContext } from '@server/http/client-context';
import { notFound } from '@server/http/http-error';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ActivityEntity } from './activity';
import { writeEvent } from './event-write';

export type EntryTable = typeof expenditures | typeof payments;

/** Which kind of entry a delete or restore works on: its table, history name and answer. */
export interface EntryKind<T> {
  table: EntryTable;
  entity: Extract<ActivityEntity, 'expenditure' | 'payment'>;
  /** The entry's name in messages ("expense", "payment"). */
  what: 'expense' | 'payment';
  serialise: (row: EntryTable['$inferSelect'], tx: Transaction) => Promise<T> | T;
}

/**
 * Soft-deletes an expense or payment of the event and answers it with `deleted_at` set.
 * Deleting it again answers the same and changes nothing.
 */
export async function deleteEntry<T>(
  app: FastifyInstance,
  options: EntryKind<T> & { eventId: string; id: string },
  client: ClientContext,
): Promise<T> {
  const { eventId, id, table, entity, what, serialise } = options;
  return writeEvent(app, eventId, client, async ({ tx, record, countItems }) => {
    const [row] = await tx
      .select()
      .from(table)
      .where(and(eq(table.id, id), eq(table.eventId, eventId)));
    if (!row) throw notFound(what);
    if (row.deletedAt) return serialise(row, tx);
    const [deleted] = await tx
      .update(table)
      .set({ deletedAt: sql`now()` })
      .where(eq(table.id, id))
      .returning();
    if (!deleted) throw notFound(what);
    const after = await serialise(deleted, tx);
    countItems(-1);
    record({ entity, entityId: id, action: 'deleted', before: await serialise(row, tx), after });
    return after;
  });
}
