// podman as this machine needs it (the same flags as podman-flags.sh), and two waits.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const GLOBAL = (process.env.QUITS_PODMAN_FLAGS ?? '--cgroup-manager=cgroupfs --runtime=runc')
  .split(/\s+/)
  .filter(Boolean);
const LIMITS = (process.env.QUITS_ULIMITS ?? '--ulimit nofile=16384:16384 --ulimit nproc=4096:4096')
  .split(/\s+/)
  .filter(Boolean);

/** The global flags, and the limits every `run` and `build` is given. */
export function podmanSettings() {
  return Object.assign([...GLOBAL], { limits: LIMITS });
}

/** Runs podman; answers its output (trimmed) unless `stdio: 'inherit'`. Throws when it fails. */
export function podman(args, { stdio = 'pipe' } = {}) {
  const output = execFileSync('podman', [...GLOBAL, ...args], {
    encoding: 'utf8',
    stdio: stdio === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  return (output ?? '').trim();
}

/** podman whose failure is an empty answer: for looking around and cleaning up. */
export function podmanQuiet(args) {
  try {
    return podman(args);
  } catch {
    return '';
  }
}

/** A TCP port of 127.0.0.1 nobody listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Calls `check` every half second until it answers true; throws after `timeoutMs`. */
export async function waitUntil(what, timeoutMs, check) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(500);
  }
  throw new Error(`gave up after ${timeoutMs / 1000} s waiting until ${what}`);
}
