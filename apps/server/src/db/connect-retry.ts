/** What the log says of each failed attempt to reach PostgreSQL at start. */
export interface RetryNotice {
  attempt: number;
  /** Milliseconds until the next attempt. */
  retryInMs: number;
  /** Milliseconds left before the start gives up. */
  leftMs: number;
  error: unknown;
}

export interface ConnectRetryOptions {
  /** How long to keep trying, in milliseconds; 0 tries once. */
  timeoutMs: number;
  onRetry(notice: RetryNotice): void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** Thrown when PostgreSQL did not answer in time; its message says for how long and why. */
export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

const FIRST_DELAY_MS = 500;
const LONGEST_DELAY_MS = 5_000;

/**
 * Calls `connect` until it succeeds, waiting longer each time (0.5 s, 1 s, 2 s… at most 5 s),
 * for `timeoutMs` in all: a database started beside the server (a compose file, a reboot)
 * takes a while to answer. A refused password is final, and thrown at once: no wait mends it.
 */
export async function connectWithRetry<T>(
  connect: () => Promise<T>,
  options: ConnectRetryOptions,
): Promise<T> {
  const sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const deadline = now() + options.timeoutMs;
  let delay = FIRST_DELAY_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await connect();
    } catch (error) {
      if (isRefusedLogin(error)) throw error;
      const leftMs = deadline - now();
      if (leftMs <= 0) {
        const seconds = Math.round(options.timeoutMs / 1000);
        throw new DatabaseUnreachableError(
          `PostgreSQL did not answer in ${seconds} s (${attempt} attempts): ${messageOf(error)}`,
          { cause: error },
        );
      }
      const retryInMs = Math.min(delay, leftMs);
      options.onRetry({ attempt, retryInMs, leftMs, error });
      await sleep(retryInMs);
      delay = Math.min(delay * 2, LONGEST_DELAY_MS);
    }
  }
}

/** SQLSTATE class 28: invalid authorisation (a wrong password, an unknown role). */
function isRefusedLogin(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('28');
}

export function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  // An AggregateError (every address of a host refused) has no message of its own.
  const message = error.message || (error instanceof AggregateError ? 'connection refused' : '');
  return typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message;
}
