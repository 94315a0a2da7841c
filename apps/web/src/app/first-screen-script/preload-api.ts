import { apiHeadersOf } from '@web/lib/api-headers';
import { keptDeviceId } from '@web/lib/device-id';

/** What asking the API uses of the browser: `window`, or a stand-in in tests. */
export type ApiWindow = Pick<Window, 'localStorage' | 'crypto' | 'quitsPreloaded'> &
  Partial<Pick<Window, 'fetch'>>;

/**
 * Asks the API for `paths` (GETs, with the headers of every call) and leaves the answers in
 * `window.quitsPreloaded` for the app to take (lib/preloaded.ts), instead of waiting for the
 * app's code to ask. `answered`: what the server sent with the page, asked for by nobody.
 * Nothing when the browser cannot fetch or this device has no id to send. `base`: the path the
 * app is served under (lib/base-path.ts).
 */
export function preloadApi(
  browser: ApiWindow,
  paths: readonly string[],
  answered: Readonly<Record<string, unknown>> | undefined,
  base = '',
): void {
  const toAsk = paths.filter((path) => !(answered && path in answered));
  if (toAsk.length === 0 || !browser.fetch) return;
  const device = keptDeviceId(() => browser.localStorage, browser.crypto);
  if (!device) return;
  const headers = apiHeadersOf(device);
  // As lib/http.ts sends every call.
  headers['Content-Type'] = 'application/json';
  const preloaded = browser.quitsPreloaded || {};
  browser.quitsPreloaded = preloaded;
  for (const path of toAsk) {
    const answer = browser.fetch(`${base}/api${path}`, { headers });
    // A failure is the app's to report, when it takes the answer.
    answer.catch(() => {});
    preloaded[path] = { at: Date.now(), answer };
  }
}
