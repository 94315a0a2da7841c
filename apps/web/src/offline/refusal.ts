import type { ConflictAuthor, EditConflict, RemovedPeople } from '@quits/contract';
import { ApiError } from '@web/lib/http';
import { answerFieldErrors } from '@web/lib/server-words';

/**
 * Why the server refused a change, kept whole with the change so that the person can be told in
 * words and offered a way on: the status, message and field errors of every refusal, and the
 * extras of a 409 edit conflict (the fields, and the entry as the server holds it now), of a 409
 * for an entry deleted meanwhile (when and by whom), and of a 422 naming removed people.
 *
 * Read by hand rather than with the contract's zod schemas: the sync list is light, and a
 * refusal that does not parse is still shown with its message.
 */
export interface Refusal {
  status: number;
  message: string;
  /** Optional: refusals kept by an older version of the app have none. */
  errors?: Record<string, string[]>;
  code?: 'edit_conflict' | 'entry_deleted' | 'event_closed' | 'event_not_settled';
  /** When the event was closed (an `event_closed` refusal). */
  closed_at?: string;
  conflicts?: EditConflict[];
  /** The entry as the server holds it now, in the API's shape (Expenditure, Payment, …). */
  current?: unknown;
  removed_people?: RemovedPeople;
  deleted_at?: string;
  by?: ConflictAuthor;
}

type Body = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is Body =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function authorOf(value: unknown): ConflictAuthor {
  const author = isRecord(value) ? value : {};
  return { user_id: text(author.user_id), name: text(author.name), at: text(author.at) };
}

function errorsOf(value: unknown): Record<string, string[]> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).map(([path, messages]) => [
      path,
      Array.isArray(messages) ? messages.filter((message) => typeof message === 'string') : [],
    ]),
  );
}

function conflictsOf(value: unknown): EditConflict[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).flatMap((conflict) => {
    const field = text(conflict.field);
    if (field === null) return [];
    const { base, mine, theirs } = conflict;
    return [{ field, base, mine, theirs, by: authorOf(conflict.by) }];
  });
}

function removedPeopleOf(value: unknown): RemovedPeople {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).flatMap((person) => {
    const id = text(person.user_id);
    const name = text(person.name);
    return id === null || name === null ? [] : [{ user_id: id, name }];
  });
}

/** The refusal an answer body carries (the body may be null: a proxy's empty answer). */
export function refusalOfAnswer(status: number, message: string, body: Body | null): Refusal {
  const answer = body ?? {};
  const refusal: Refusal = { status, message, errors: errorsOf(answerFieldErrors(answer)) };
  const conflicts = conflictsOf(answer.conflicts);
  if (answer.code === 'edit_conflict' && conflicts.length > 0) {
    return { ...refusal, code: 'edit_conflict', conflicts, current: answer.current };
  }
  const deletedAt = text(answer.deleted_at);
  if (answer.code === 'entry_deleted' && deletedAt !== null) {
    return { ...refusal, code: 'entry_deleted', deleted_at: deletedAt, by: authorOf(answer.by) };
  }
  const closedAt = text(answer.closed_at);
  if (answer.code === 'event_closed' && closedAt !== null) {
    return { ...refusal, code: 'event_closed', closed_at: closedAt };
  }
  if (answer.code === 'event_not_settled') return { ...refusal, code: 'event_not_settled' };
  const removed = removedPeopleOf(answer.removed_people);
  return removed.length > 0 ? { ...refusal, removed_people: removed } : refusal;
}

/** The refusal a failed call stands for. */
export function refusalOf(error: unknown): Refusal {
  if (error instanceof ApiError) return refusalOfAnswer(error.status, error.message, error.body);
  return { status: 0, message: error instanceof Error ? error.message : String(error) };
}

/** A refusal for a conflict, narrowed so that its fields are at hand. */
export type ConflictRefusal = Refusal & { code: 'edit_conflict'; conflicts: EditConflict[] };

export const isConflict = (refusal: Refusal | undefined): refusal is ConflictRefusal =>
  refusal?.code === 'edit_conflict' && Array.isArray(refusal.conflicts);

/** Whether a refused call was an edit conflict: the form then offers the same choice. */
export function conflictOfError(error: unknown): ConflictRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const refusal = refusalOf(error);
  return isConflict(refusal) ? refusal : null;
}
