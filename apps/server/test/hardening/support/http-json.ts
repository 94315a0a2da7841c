import type { JsonCall } from './fuzz-world';

/** A request that got no answer (the connection failed or was cut): its outcome is unknown. */
export class NoAnswerError extends Error {
  override name = 'NoAnswerError';
}

/**
 * Calls the server over real HTTP, as a device does: JSON, its `Device-ID`, keep-alive
 * connections from Node's pool. A request that gets no answer throws `NoAnswerError`.
 */
export function httpJson(baseUrl: string, deviceId: string, timeoutMs = 60_000): JsonCall {
  return async (method, url, body) => {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${url}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'device-id': deviceId,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new NoAnswerError(`${method} ${url}: ${String(error)}`, { cause: error });
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      // The status came, the body was cut: the write's outcome is as unknown as with no answer.
      throw new NoAnswerError(`${method} ${url}: the answer was cut: ${String(error)}`, {
        cause: error,
      });
    }
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  };
}
