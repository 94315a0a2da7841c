import type { ErrorBody, EventGone } from '@quits/contract';
import { apiUrl } from '@web/lib/base-path';
import { apiHeadersOf } from './api-headers';
import { creationPasswordHeaders } from './creation-password';
import { deviceId } from './device-id';
import { takePreloaded } from './preloaded';
import { retryAfterSeconds } from './retry-after';
import { answerFieldErrors, answerMessage } from './server-words';

/**
 * A refused call: the status, the server's message and the messages per field path; for a 429
 * (too many requests), the seconds the server asks to wait when it said; for a 410, the deleted
 * event's name and dates; and the whole answer, for refusals that say more (a 409 edit
 * conflict names the fields, a 422 the removed people: see `offline/refusal.ts`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: ErrorBody['errors'] = {},
    readonly retryAfterSeconds: number | null = null,
    readonly deletedEvent: EventGone['deleted_event'] | null = null,
    readonly body: Readonly<Record<string, unknown>> | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** The "who am I" person of this event, recorded in its history. */
  whoAmI?: string | null;
  signal?: AbortSignal;
}

/**
 * The spec's headers of every API call, for calls that cannot go through `apiRequest` (an
 * upload that reports its progress, an image).
 */
export function apiHeaders(whoAmI?: string | null): Record<string, string> {
  return apiHeadersOf(deviceId(), whoAmI);
}

/**
 * Calls the API with the spec's headers and unwraps `{ data }`. Every call goes through here so
 * that the offline queue can wrap one function. Status 0 means the network failed.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const payload = await apiAnswer<{ data?: T }>(path, options);
  return payload?.data as T;
}

/** As `apiRequest`, but the whole answer, for the few that say more beside `{ data }`. */
export async function apiAnswer<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers = {
    ...apiHeaders(options.whoAmI),
    'Content-Type': 'application/json',
    // Only where it is asked: the one call that creates an event (an offline one too).
    ...(method === 'POST' && path === '/events' ? creationPasswordHeaders() : {}),
  };
  let response: Response;
  try {
    response = await ((method === 'GET' && !options.whoAmI && takePreloaded(path)) ||
      fetch(apiUrl(path), {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network');
  }
  const payload = (await response.json().catch(() => null)) as (T & Partial<ErrorBody>) | null;
  if (!response.ok) {
    // The refusal in the person's language; the whole answer stays in `body` as the server sent it.
    throw new ApiError(
      response.status,
      answerMessage(payload, response.statusText),
      answerFieldErrors(payload),
      retryAfterSeconds(response.headers.get('retry-after')),
      response.status === 410 ? deletedEventOf(payload) : null,
      payload !== null && typeof payload === 'object' ? payload : null,
    );
  }
  return payload as T;
}

/**
 * The deleted event a 410 names, read by hand: the contract's schema would bring zod into every
 * page's first load for three strings.
 */
function deletedEventOf(payload: unknown): EventGone['deleted_event'] | null {
  const gone = (payload as { deleted_event?: Record<string, unknown> } | null)?.deleted_event;
  const { name, deleted_at, restorable_until } = gone ?? {};
  return typeof name === 'string' &&
    typeof deleted_at === 'string' &&
    typeof restorable_until === 'string'
    ? { name, deleted_at, restorable_until }
    : null;
}

/** A refusal because the event was deleted (410), with the event's name and dates. */
export type EventGoneError = ApiError & { deletedEvent: EventGone['deleted_event'] };

/** Whether a call was refused because its event was deleted and is not purged yet. */
export function isEventGone(error: unknown): error is EventGoneError {
  return error instanceof ApiError && error.status === 410 && error.deletedEvent !== null;
}
