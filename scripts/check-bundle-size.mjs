#!/usr/bin/env node
// Fails when a first visit downloads more JavaScript than the budget of PRODUCT.md §10: the
// real server (built web app, fresh database) on 127.0.0.1, an event made through the API, and
// each first screen opened in Chromium with an empty cache until the network is idle. Every
// script the page receives counts, as sent and gzipped; what it fetches later is listed apart.
// `--files` lists each file.
import { chromium } from '@playwright/test';
import { scriptDownloads } from './first-visit/downloads.mjs';
import { seedEvent } from './first-visit/seed.mjs';
import { serve } from './first-visit/serve.mjs';

const BUDGET_KB = 200;
/** How long after the network is idle downloads are still watched, to show what comes later. */
const AFTER_IDLE_MS = 3_000;
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1440, height: 900 };
const listFiles = process.argv.includes('--files');

const kb = (bytes) => (bytes / 1024).toFixed(1);
const sum = (downloads, field) => downloads.reduce((total, download) => total + download[field], 0);

const { base, stop } = await serve();
let over = false;
try {
  const eventId = await seedEvent(base);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const visits = [
      ['/event/{id}/home, phone (360 px, rendered by the server)', `/event/${eventId}/home`, PHONE],
      ['/event/{id}/home, desktop (1440 px)', `/event/${eventId}/home`, DESKTOP],
      ['/ (start page), phone (360 px)', '/', PHONE],
    ];
    for (const [name, path, viewport] of visits) {
      const downloads = await scriptDownloads(browser, base + path, viewport, AFTER_IDLE_MS);
      const first = downloads.filter((download) => download.beforeIdle);
      const later = downloads.filter((download) => !download.beforeIdle);
      const gzip = sum(first, 'gzip') / 1024;
      over ||= gzip > BUDGET_KB;
      console.log(
        `First visit to ${name}: ${gzip.toFixed(1)} KB of gzipped JavaScript in ${first.length} files (budget ${BUDGET_KB} KB) until the network was idle; as sent: ${kb(sum(first, 'sent'))} KB (${[...new Set(first.map((download) => download.encoding))].join(', ')}), ${kb(sum(first, 'wire'))} KB with headers. In the next ${AFTER_IDLE_MS / 1000} s: ${kb(sum(later, 'gzip'))} KB gzipped in ${later.length} files.`,
      );
      if (listFiles) {
        for (const download of downloads.sort((a, b) => b.gzip - a.gzip)) {
          const when = download.beforeIdle ? '' : ' (later)';
          console.log(
            `  ${kb(download.gzip).padStart(6)} KB gzip ${kb(download.sent).padStart(6)} KB ${download.encoding.padEnd(8)} ${new URL(download.url).pathname}${when}`,
          );
        }
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  stop();
}
if (over) process.exit(1);
