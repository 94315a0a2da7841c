import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';

const root = new URL('../../../../', import.meta.url).pathname;
const tsx = join(root, 'node_modules/.bin/tsx');
const entry = join(root, 'apps/server/src/server.ts');

async function waitFor(predicate: () => boolean, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** An HTTP/1.1 request written by hand, so that its body can be sent in two halves. */
function halfSentRequest(port: number, path: string, body: string) {
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString('utf8');
  });
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Device-ID: ${randomUUID()}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
      body.slice(0, half),
  );
  return {
    finish: () => socket.write(body.slice(half)),
    answer: async () => {
      await ended;
      return answer;
    },
  };
}

describe('stopping the server', () => {
  let dataDir = '';
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes a request in flight, sends live-update sockets elsewhere (4200), then exits', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'quits-shutdown-'));
    const child = spawn(tsx, [entry], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      await waitFor(() => /Quits is serving at/.test(output), 90_000);
      const baseUrl = /Quits is serving at (http:\/\/[\d.:]+)/.exec(output)?.[1] ?? '';
      const port = Number(new URL(baseUrl).port);

      const socket = new WebSocket(`ws://127.0.0.1:${port}/app/quits?protocol=7`);
      const socketClosed = new Promise<number>((resolve) => socket.on('close', resolve));
      await new Promise((resolve) => socket.once('message', resolve));

      const body = JSON.stringify({ name: 'Lisbon', currency_id: 'EUR', users: [{ name: 'Ana' }] });
      const inFlight = halfSentRequest(port, '/api/events', body);
      await new Promise((resolve) => setTimeout(resolve, 200));

      child.kill('SIGTERM');
      expect(await socketClosed).toBe(4200);
      // No new connection is taken once the server is closing.
      await expect(fetch(`${baseUrl}/api/health`)).rejects.toThrow();

      inFlight.finish();
      const answer = await inFlight.answer();
      expect(answer).toMatch(/^HTTP\/1\.1 201 Created/);
      expect(answer).toMatch(/"name":"Lisbon"/);
      expect(await exited).toBe(0);
      expect(output).toMatch(/shutting down: finishing requests in flight/);
      expect(output).toMatch(/"msg":"stopped"/);
    } finally {
      child.kill('SIGKILL');
    }
  }, 120_000);
});
