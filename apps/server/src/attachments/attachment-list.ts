import type { Transaction } from '@server/db/connection';
import type { AttachmentRow } from '@server/db/schema';
import { type FieldErrors, say, unprocessable } from '@server/http/http-error';
import { attachmentsOfEvent } from './attachment-store';

/**
 * The attachments an entry will list, from their ids in order. An id the entry lists already
 * keeps what it lists (so an edit of its title never fails over a file swept long ago); a new
 * one must be a stored attachment of this event, and is listed as the server stores it (never
 * with the name or type a client sent). Throws a 422 on `{path}attachments.{i}.id` for each
 * new id that is not.
 */
export async function resolveAttachments(
  tx: Transaction,
  eventId: string,
  ids: readonly string[],
  options: { listed?: readonly AttachmentRow[] | undefined; path?: string } = {},
): Promise<AttachmentRow[]> {
  const known = new Map((options.listed ?? []).map((row) => [row.id, row] as const));
  const added = ids.filter((id) => !known.has(id));
  for (const row of await attachmentsOfEvent(tx, eventId, added)) known.set(row.id, row);
  const errors: FieldErrors = {};
  const resolved: AttachmentRow[] = [];
  ids.forEach((id, index) => {
    const row = known.get(id);
    if (row) resolved.push(row);
    else errors[`${options.path ?? ''}attachments.${index}.id`] = [say('attachment_not_in_event')];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return resolved;
}

/** Of the attachments an entry lists, those still stored (a restored entry lists only those). */
export async function stillStored(
  tx: Transaction,
  eventId: string,
  listed: readonly AttachmentRow[],
): Promise<AttachmentRow[]> {
  if (listed.length === 0) return [];
  const stored = new Set(
    (
      await attachmentsOfEvent(
        tx,
        eventId,
        listed.map((row) => row.id),
      )
    ).map((row) => row.id),
  );
  return listed.filter((row) => stored.has(row.id));
}
