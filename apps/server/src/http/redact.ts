/**
 * Anything shaped like an event id: 22 to 64 URL-safe characters standing alone (between
 * slashes, quotes, brackets, spaces…). Client UUIDs match too; they go as well.
 */
const ID_TOKEN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{22,64}(?![A-Za-z0-9_-])/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The text with event ids (and UUIDs) replaced, for logs: whoever reads logs must not get into
 * events. Used on URLs (path and query) and on messages that may quote one.
 */
export function redactText(text: string): string {
  return text.replace(ID_TOKEN, (token) => (UUID.test(token) ? ':id' : ':event'));
}

/** The URL with event ids replaced (see `redactText`). */
export function redactUrl(url: string): string {
  return redactText(url);
}

/** Nested causes serialised at most this deep. */
const MAX_CAUSES = 3;

/**
 * An error for the logs, as pino's own serialiser writes it (type, message, stack, its own
 * fields such as a database error's `code` and `detail`, the cause), with event ids redacted
 * from every text: a database error's detail quotes the key it failed on. Stack frames keep
 * their file names (which an id-shaped pattern would otherwise eat).
 */
export function serialiseError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: redactText(String(error)) };
  const serialised: Record<string, unknown> = {
    type: error.constructor?.name ?? error.name,
    message: redactText(error.message),
  };
  if (error.stack) serialised.stack = redactStack(error.stack);
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || key in serialised) continue;
    if (typeof value === 'string') serialised[key] = redactText(value);
    else if (typeof value === 'number' || typeof value === 'boolean') serialised[key] = value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) {
    serialised.cause = serialiseError(error.cause, depth + 1);
  }
  return serialised;
}

function redactStack(stack: string): string {
  return stack
    .split('\n')
    .map((line) => (/^\s+at /.test(line) ? line : redactText(line)))
    .join('\n');
}
