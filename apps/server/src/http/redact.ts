/** Anything shaped like an event id (22+ URL-safe characters) in a path. */
const EVENT_ID_IN_PATH = /\/[A-Za-z0-9_-]{22,64}(?=\/|\?|$)/g;

/** The URL with event ids replaced, for logs: whoever reads logs must not get into events. */
export function redactUrl(url: string): string {
  return url.replace(EVENT_ID_IN_PATH, '/:event');
}
