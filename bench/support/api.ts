/** The spec's headers (PRODUCT.md §5) that every client sends, for one device. */
export function specHeaders(deviceId: string): Record<string, string> {
  return { 'x-requested-with': 'XMLHttpRequest', 'device-id': deviceId };
}

/** Seeding must not hang the run: any single call gives up after this long. */
const CALL_TIMEOUT_MS = 15_000;

/** POSTs JSON as the web app does and answers the parsed `data`; throws unless the status is 2xx. */
export async function postJson<T>(
  url: string,
  body: unknown,
  deviceId: string,
): Promise<{ status: number; data: T }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...specHeaders(deviceId), 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${new URL(url).pathname} → ${response.status}: ${text}`);
  const parsed = JSON.parse(text) as { data: T };
  return { status: response.status, data: parsed.data };
}

export interface RawAnswer {
  status: number;
  /** The headers that describe the body, to send them again from the bare route. */
  bodyHeaders: Record<string, string>;
  body: Buffer;
  /** Wall time of the whole call, in milliseconds. */
  elapsedMs: number;
}

/** GETs the bytes exactly as the server sent them, timed. */
export async function getRaw(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  const started = performance.now();
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    bodyHeaders: Object.fromEntries(
      ['content-type', 'etag'].flatMap((name) => {
        const value = response.headers.get(name);
        return value === null ? [] : [[name, value]];
      }),
    ),
    body,
    elapsedMs: performance.now() - started,
  };
}
