import { HttpError, say } from '@server/http/http-error';

/**
 * The answer (409) to a change of a closed event: it is read-only until someone reopens it.
 * `code` lets the app word it in the person's language; `closed_at` says since when.
 */
export function eventClosed(closedAt: Date): HttpError {
  return new HttpError(
    409,
    say('event_closed'),
    {},
    { code: 'event_closed', closed_at: closedAt.toISOString() },
  );
}

/** The answer (409) to closing an event whose people are not all settled. */
export function eventNotSettled(): HttpError {
  return new HttpError(409, say('event_not_settled'), {}, { code: 'event_not_settled' });
}
