import type { ConflictAuthor, EditConflictAnswer, EntryDeletedAnswer } from '@quits/contract';
import { type FieldConflict, type MergeRules, mergeEdit } from '@quits/domain';
import type { Transaction } from '@server/db/connection';
import { activities, users } from '@server/db/schema';
import { HttpError, say } from '@server/http/http-error';
import { and, desc, eq } from 'drizzle-orm';
import type { ActivityEntity } from './activity';

/** An entry of the event's history: which kind, which id. */
interface EntryRef {
  eventId: string;
  entity: ActivityEntity;
  entityId: string;
}

/**
 * Who made the entry's latest change, from the event's history: the person the device said it
 * was ("who am I") and when. Asked only when refusing a change, so one indexed read is fine.
 */
async function latestAuthor(tx: Transaction, ref: EntryRef): Promise<ConflictAuthor> {
  const [row] = await tx
    .select({ userId: activities.userId, name: users.name, at: activities.createdAt })
    .from(activities)
    .leftJoin(users, and(eq(users.id, activities.userId), eq(users.eventId, ref.eventId)))
    .where(
      and(
        eq(activities.eventId, ref.eventId),
        eq(activities.entity, ref.entity),
        eq(activities.entityId, ref.entityId),
      ),
    )
    .orderBy(desc(activities.id))
    .limit(1);
  if (!row) return { user_id: null, name: null, at: null };
  return { user_id: row.userId, name: row.name, at: row.at.toISOString() };
}

/**
 * Merges an update that carries `base` into what the server holds (`theirs`), field by field;
 * throws the 409 that names every conflicting field, both values and who made the other change.
 * Answers the entry to write: `theirs` with the device's own changes.
 */
export async function mergeOrRefuse<T extends object>(
  tx: Transaction,
  ref: EntryRef & { what: string },
  rules: MergeRules<T>,
  edit: { base: T; mine: T; theirs: T },
  /** The entry as the API shows it now, sent with the refusal. */
  current: unknown,
): Promise<T> {
  const { merged, conflicts } = mergeEdit(rules, edit.base, edit.mine, edit.theirs);
  if (conflicts.length === 0) return merged;
  throw await editConflict(tx, ref, conflicts, current);
}

async function editConflict(
  tx: Transaction,
  ref: EntryRef & { what: string },
  conflicts: readonly FieldConflict[],
  current: unknown,
): Promise<HttpError> {
  const by = await latestAuthor(tx, ref);
  const fields = conflicts.map((conflict) => conflict.field).join(', ');
  const details: Omit<EditConflictAnswer, 'message' | 'errors'> = {
    code: 'edit_conflict',
    conflicts: conflicts.map((conflict) => ({ ...conflict, by })),
    current,
  };
  return new HttpError(409, say('edit_conflict', { fields }), {}, details);
}

/** The 409 for an update of an entry another device deleted: when, and by whom. */
export async function entryDeleted(
  tx: Transaction,
  ref: EntryRef & { what: string },
  deletedAt: string,
): Promise<HttpError> {
  const details: Omit<EntryDeletedAnswer, 'message' | 'errors'> = {
    code: 'entry_deleted',
    deleted_at: deletedAt,
    by: await latestAuthor(tx, ref),
  };
  return new HttpError(409, say('entry_deleted'), {}, details);
}
