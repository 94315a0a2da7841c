import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** A built web app in miniature, and the way to remove it. */
export interface WebDist {
  dir: string;
  remove(): void;
}

const FILES: Record<string, string> = {
  'index.html':
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Quits</title>' +
    '<script type="module" src="/assets/index-4f2a9c1b.js"></script></head>' +
    '<body><div id="root"></div></body></html>',
  'assets/index-4f2a9c1b.js': `console.log(${JSON.stringify('Quits '.repeat(200))});`,
  'assets/index-7d3e0a55.css': 'body { margin: 0 }',
  'sw.js': 'self.addEventListener("fetch", () => {});',
  'manifest.webmanifest': JSON.stringify({ name: 'Quits', start_url: '/' }),
  'locales/en.json': JSON.stringify({ app: { name: 'Quits' } }),
};

/**
 * The files the server serves when the web app is built, written once into a temporary
 * directory: the same static serving and history-mode shell as with the real build, but not
 * the real build, which other work may rebuild (and briefly remove) while a suite runs. Text
 * files get their brotli and gzip copies, as the real build writes them.
 */
export function makeWebDist(): WebDist {
  const dir = mkdtempSync(join(tmpdir(), 'quits-web-dist-'));
  for (const [path, text] of Object.entries(FILES)) {
    const file = join(dir, path);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
