#!/usr/bin/env node
// Fails when the JavaScript a first visit to /event/{id}/home downloads (the entry and every
// chunk it and the event home screen import statically), gzipped, is above the budget of
// PRODUCT.md §10. Reads the Vite manifest of apps/web/dist (built by `npm run build`).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;
const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));

/** Every chunk `key` imports statically, itself included. */
function staticGraph(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticGraph(imported, seen);
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const screen = Object.keys(manifest).find((key) => key.endsWith('event-home-page.tsx'));
if (!entry || !screen) {
  console.error('The manifest has no entry or no event home screen; was the web app built?');
  process.exit(1);
}
const chunks = new Set([...staticGraph(entry), ...staticGraph(screen)]);
let bytes = 0;
for (const key of chunks) bytes += gzipSync(readFileSync(dist + manifest[key].file)).length;
const kb = bytes / 1024;
console.log(
  `First load of /event/{id}/home: ${kb.toFixed(1)} KB of gzipped JavaScript in ${chunks.size} files (budget ${BUDGET_KB} KB).`,
);
if (kb > BUDGET_KB) process.exit(1);
