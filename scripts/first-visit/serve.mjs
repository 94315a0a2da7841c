// The real server for a measurement: the Playwright web server's script (it builds the web app
// when its sources changed, then serves it on a fresh embedded database), on a free port of
// 127.0.0.1, stopped with the process group it leads.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const START_TIMEOUT_MS = 180_000;

/** A port nobody listens on now, from the system. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the server; resolves with its address and a way to stop it once it answers. */
export async function serve() {
  const port = await freePort();
  const server = spawn(process.execPath, ['apps/web/e2e/support/start-server.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
    // Its own process group: the server it starts stops with it.
    detached: true,
  });
  let exited = false;
  server.on('exit', () => {
    exited = true;
  });
  const stop = () => {
    if (!exited) process.kill(-server.pid, 'SIGTERM');
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!exited && Date.now() < deadline) {
    const ready = await fetch(`${base}/api/config`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) return { base, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error(exited ? 'The server stopped before it answered.' : 'The server did not start.');
}
