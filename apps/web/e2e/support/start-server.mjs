// Playwright's web server: builds the web app if needed, then runs the real server on a fresh
// embedded database (PGlite) in a temporary folder that is removed when the server stops.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** @type {import('node:child_process').ChildProcess | null} */
let server = null;
let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  if (!server) process.exit(0);
  // Playwright signals the whole process group, so the server has the signal already; passing
  // it on at once would make a second one, which skips the server's orderly shutdown. Only a
  // server still running later (this process was signalled alone) is told, then forced.
  setTimeout(() => server?.kill(signal), 3_000).unref();
  setTimeout(() => server?.kill('SIGKILL'), 8_000).unref();
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

const build = spawnSync(process.execPath, [join(root, 'scripts/ensure-web-build.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = mkdtempSync(join(tmpdir(), 'quits-e2e-'));
// Every spec, on two workers at once, reaches the server from one address, and seeds its events
// through the API as one device (the list of 5,000 expenses alone sends 5,000 writes in
// seconds), far past what a person sends: the per-address and per-device counts are raised here,
// so that one spec's uploads, photos or 404s never make another's wait, while the limiter stays
// on (its own tests live with the server's).
const env = {
  RATE_LIMIT_WRITES_PER_DEVICE: '100000',
  RATE_LIMIT_WRITES_PER_IP: '100000',
  RATE_LIMIT_UPLOADS_PER_DEVICE: '10000',
  RATE_LIMIT_UPLOADS_PER_IP: '10000',
  RATE_LIMIT_HEAVY_READS_PER_IP: '10000',
  RATE_LIMIT_NOT_FOUND_PER_IP: '10000',
  ...process.env,
  DATA_DIR: dataDir,
};
// The browser tests always run on a fresh PGlite, whatever the shell points at.
delete env.DATABASE_URL;

server = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
server.on('exit', (code, signal) => {
  if (!stopping) console.error(`The server stopped by itself (code ${code}, signal ${signal}).`);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(stopping ? 0 : (code ?? 1));
});
