// What Chromium downloads of JavaScript on a first visit to a page, from the DevTools protocol's
// network events of the page (a fresh context: no cache, no storage, no service worker).
import { gzipSync } from 'node:zlib';

/**
 * @typedef {object} Download
 * @property {string} url
 * @property {string} encoding The response's `Content-Encoding` as the server sent it.
 * @property {number} sent Bytes of the body as sent (compressed), headers left out.
 * @property {number} wire Bytes received for it, headers included.
 * @property {number} gzip Bytes of the body gzipped at zlib's default level: the budget's unit.
 * @property {boolean} beforeIdle Whether it was asked for before the network was idle.
 */

/**
 * Opens `url` in a new context of `browser` at `viewport`, waits until the network is idle
 * (Playwright's `networkidle`: no request for 500 ms), then `afterIdleMs` more; resolves with every JavaScript file the
 * page downloaded.
 * @returns {Promise<Download[]>}
 */
export async function scriptDownloads(browser, url, viewport, afterIdleMs) {
  const context = await browser.newContext({
    viewport,
    locale: 'en-GB',
    timezoneId: 'Europe/Berlin',
    colorScheme: 'light',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    /** @type {Map<string, Omit<Download, 'gzip'> & { body?: Promise<Buffer> }>} */
    const scripts = new Map();
    let idle = false;
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      if (type !== 'Script') return;
      const encoding = Object.entries(response.headers).find(
        ([name]) => name.toLowerCase() === 'content-encoding',
      )?.[1];
      scripts.set(requestId, {
        url: response.url,
        encoding: encoding ?? 'identity',
        sent: 0,
        wire: 0,
        beforeIdle: !idle,
      });
    });
    cdp.on('Network.dataReceived', ({ requestId, encodedDataLength }) => {
      const script = scripts.get(requestId);
      if (script) script.sent += encodedDataLength;
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const script = scripts.get(requestId);
      if (script) script.wire = encodedDataLength;
    });
    // The body as the page got it (decoded), to gzip it as the budget counts.
    const bodies = new Map();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        bodies.set(
          response.url(),
          response.body().catch(() => Buffer.alloc(0)),
        );
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    idle = true;
    await page.waitForTimeout(afterIdleMs);
    const downloads = [];
    for (const script of scripts.values()) {
      const body = (await bodies.get(script.url)) ?? Buffer.alloc(0);
      downloads.push({ ...script, gzip: gzipSync(body).length });
    }
    return downloads;
  } finally {
    await context.close();
  }
}
