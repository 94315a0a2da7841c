import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { listen, RawSocket } from './realtime-support';

const UPGRADE_HEADERS =
  'Host: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
  'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n';

/** Sends `request` over a raw TCP socket and answers the status line the server wrote back. */
function statusLineOf(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setTimeout(5_000, () => {
      socket.destroy();
      reject(new Error(`no answer to ${JSON.stringify(request.slice(0, 40))}`));
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      const end = answer.indexOf('\r\n');
      if (end >= 0) {
        socket.destroy();
        resolve(answer.slice(0, end));
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.write(request);
  });
}

describe('socket upgrades a client can get wrong', () => {
  let started: TestApp;
  let port: number;

  beforeAll(async () => {
    started = await startTestApp('pglite');
    ({ port } = await listen(started.app));
  });
  afterAll(async () => started?.close());

  it('answers 400 to an upgrade whose app key has a malformed escape, and keeps serving', async () => {
    const status = await statusLineOf(
      port,
      `GET /app/%E0%A4%A?protocol=7 HTTP/1.1\r\n${UPGRADE_HEADERS}`,
    );
    expect(status).toBe('HTTP/1.1 400 Bad Request');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });

  it('answers 400 to an upgrade whose target is no path (`//[`), and keeps serving', async () => {
    const status = await statusLineOf(port, `GET //[/app/quits HTTP/1.1\r\n${UPGRADE_HEADERS}`);
    expect(status).toBe('HTTP/1.1 400 Bad Request');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });

  it('answers 404 to an upgrade elsewhere, and 400 to a handshake without its key', async () => {
    expect(await statusLineOf(port, `GET /api/health HTTP/1.1\r\n${UPGRADE_HEADERS}`)).toBe(
      'HTTP/1.1 404 Not Found',
    );
    const keyless = UPGRADE_HEADERS.replace(/Sec-WebSocket-Key: .*\r\n/, '');
    expect(await statusLineOf(port, `GET /app/quits?protocol=7 HTTP/1.1\r\n${keyless}`)).toBe(
      'HTTP/1.1 400 Bad Request',
    );
  });

  it('still reads a malformed escape in the query as a protocol it does not speak (4007)', async () => {
    const socket = RawSocket.connect(port, 'quits', '?protocol=%E0%A4%A');
    expect((await socket.closed).code).toBe(4007);
  });
});
