import { between, bytes, percentGarbage, pick, type Random } from './socket-fuzz-draw';
import { framesCase, subscribeFlood } from './socket-fuzz-frames';

/**
 * One case of the socket fuzz, as data: raw bytes for HTTP (answered by a status line), an
 * upgrade that may be malformed, frames sent on a socket after a good handshake, or a flood.
 */
export type SocketCase =
  | { kind: 'http'; request: Buffer }
  | { kind: 'upgrade'; request: Buffer }
  | { kind: 'frames'; frames: Buffer[]; truncated: boolean }
  | { kind: 'subscribe-flood'; frames: Buffer[] }
  | { kind: 'connection-flood'; sockets: number };

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'BREW', 'get', 'G T'];
const VERSIONS = ['HTTP/1.1', 'HTTP/1.0', 'HTTP/9.9', 'HTTP/1.1x', 'HTTP/0.9', '', 'HTTP/1.1 x'];

function oddPath(random: Random, key: string): string {
  return pick(random, [
    '/api/health',
    '/api/events/xyz',
    '/api/config',
    `/app/${key}?protocol=7`,
    `/app/%E0%A4%A?protocol=7`,
    `//[/app/${key}`,
    '*',
    'http://[/x',
    `/${percentGarbage(random)}`,
    `/api/${percentGarbage(random)}`,
    `/app/${key}${percentGarbage(random)}`,
    `/app/${percentGarbage(random)}?protocol=${percentGarbage(random)}`,
    `/${'a'.repeat(between(random, 100, 9_000))}`,
    '/../../etc/passwd',
    '/%2e%2e/%2e%2e/',
    '',
  ]);
}

/** Headers that are wrong in one way or another (bodies and their framing among them). */
function oddHeaders(random: Random): { lines: string[]; body: string } {
  const lines: string[] = [];
  let body = '';
  for (let n = between(random, 0, 4); n > 0; n -= 1) {
    switch (between(random, 0, 8)) {
      case 0:
        lines.push(
          `Content-Length: ${pick(random, ['-1', 'abc', '1e3', '99999999999999999999', '5, 6', '0x10', ''])}`,
        );
        break;
      case 1:
        lines.push('Content-Length: 3', 'Content-Length: 4');
        break;
      case 2:
        lines.push('Transfer-Encoding: chunked');
        body = pick(random, [
          'zz\r\nabc\r\n',
          '5\r\nab',
          'ffffffffffffffff\r\n',
          '0\r\n\r\n',
          '3;x\r\nabc\r\n0\r\n\r\n',
          '\r\n\r\n',
        ]);
        break;
      case 3:
        lines.push('Transfer-Encoding: chunked', 'Content-Length: 10');
        body = '0\r\n\r\nGET / HTTP/1.1\r\n\r\n';
        break;
      case 4:
        lines.push(
          pick(random, [
            'X\u0001Bad: y',
            'NoColon',
            ' folded: value',
            ': empty-name',
            'X-A: \u0000',
          ]),
        );
        break;
      case 5:
        lines.push(`X-Big: ${'b'.repeat(between(random, 1_000, 20_000))}`);
        break;
      case 6:
        lines.push(
          `Content-Type: ${pick(random, ['application/json', 'multipart/form-data', 'text/plain; charset=utf-99', '%%%'])}`,
        );
        body = pick(random, ['{"a":', '\u00ff\u00fe', '{}', 'x'.repeat(200)]);
        break;
      case 7:
        lines.push(
          `X-Forwarded-For: ${pick(random, ['::1', 'garbage', '1.2.3.4, 5.6.7.8', '[::1]:80', '%E0'])}`,
        );
        break;
      default:
        lines.push(`Device-ID: ${pick(random, ['x', '', 'not-a-uuid', '\u00e9'])}`);
    }
  }
  return { lines, body };
}

function httpCase(random: Random, key: string): SocketCase {
  if (random() < 0.15) return { kind: 'http', request: bytes(random, between(random, 1, 300)) };
  const line = `${pick(random, METHODS)} ${oddPath(random, key)} ${pick(random, VERSIONS)}`;
  const { lines, body } = oddHeaders(random);
  const head = [line, 'Host: 127.0.0.1', ...lines, 'Connection: close'].join('\r\n');
  return { kind: 'http', request: Buffer.from(`${head}\r\n\r\n${body}`, 'latin1') };
}

const GOOD_UPGRADE = [
  'Upgrade: websocket',
  'Connection: Upgrade',
  'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
  'Sec-WebSocket-Version: 13',
];

function upgradeCase(random: Random, key: string): SocketCase {
  const headers = [...GOOD_UPGRADE];
  const change = between(random, 0, 9);
  if (change === 0) headers.splice(2, 1);
  if (change === 1)
    headers[2] = `Sec-WebSocket-Key: ${pick(random, ['', 'short', '%%%', 'a'.repeat(300)])}`;
  if (change === 2)
    headers[3] = `Sec-WebSocket-Version: ${pick(random, ['8', '99', '', 'x', '13, 8'])}`;
  if (change === 3)
    headers[0] = `Upgrade: ${pick(random, ['websocket2', 'h2c', '', 'WebSocket, x'])}`;
  if (change === 4) headers.splice(1, 1);
  if (change === 5)
    headers.push(
      `Sec-WebSocket-Extensions: ${pick(random, ['permessage-deflate; x=', 'permessage-deflate; server_max_window_bits=99', ';;;'])}`,
    );
  if (change === 6) headers.push(`Sec-WebSocket-Protocol: ${pick(random, ['', ',,,', 'a b'])}`);
  if (change === 7) headers.push(`X-Big: ${'h'.repeat(between(random, 5_000, 20_000))}`);
  const target =
    random() < 0.7
      ? pick(random, [
          '/app/%E0%A4%A?protocol=7',
          `//[/app/${key}`,
          `/app/${key}%`,
          `/app/${key}?protocol=%E0%A4%A`,
          `/app/${key}?protocol=${pick(random, ['6', '8', '', '7&protocol=8'])}`,
          '/app/',
          `/app//${key}`,
          '*',
          `http://[/app/${key}`,
          `/app/${key}/extra`,
          `/app/${'k'.repeat(between(random, 100, 6_000))}`,
          `/app/${percentGarbage(random)}?protocol=7`,
          `/app/${key}?${percentGarbage(random)}`,
          `/api/health`,
        ])
      : `/app/${key}?protocol=7`;
  const method = random() < 0.9 ? 'GET' : pick(random, ['POST', 'PUT', 'HEAD']);
  const head = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', ...headers].join('\r\n');
  return { kind: 'upgrade', request: Buffer.from(`${head}\r\n\r\n`, 'latin1') };
}

/**
 * The seeded stream of cases. `key`: the live-update app key (`GET /api/config`). Shares:
 * HTTP garbage 30 %, upgrades 25 %, frames 40 %, floods of subscriptions 4 % and of sockets 1 %.
 */
export function socketCases(random: Random, key: string): () => SocketCase {
  return () => {
    const roll = random();
    if (roll < 0.3) return httpCase(random, key);
    if (roll < 0.55) return upgradeCase(random, key);
    if (roll < 0.95) return framesCase(random);
    if (roll < 0.99) return subscribeFlood(random);
    return { kind: 'connection-flood', sockets: between(random, 60, 120) };
  };
}
