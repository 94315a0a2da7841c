import { clientFrame, Opcode, textFrame } from './ws-frames';

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

type Random = () => number;

const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;
const between = (random: Random, low: number, high: number) =>
  low + Math.floor(random() * (high - low + 1));
const bytes = (random: Random, length: number) =>
  Buffer.from(Array.from({ length }, () => Math.floor(random() * 256)));

/** `%` followed by anything, the escapes `decodeURIComponent` throws on among them. */
function percentGarbage(random: Random): string {
  return Array.from({ length: between(random, 1, 6) }, () =>
    pick(random, [
      '%E0%A4%A',
      '%',
      '%Z',
      '%C3',
      '%FF',
      '%00',
      '%2F',
      '%25',
      'é',
      '%u1234',
      '[',
      ']',
    ]),
  ).join('');
}

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

const EVENTS = [
  'pusher:ping',
  'pusher:pong',
  'pusher:subscribe',
  'pusher:unsubscribe',
  'client-x',
  'pusher:signin',
  'nope',
  '',
];
const DATA = (random: Random): unknown =>
  pick(random, [
    {},
    { channel: `private-event.${'a'.repeat(22)}`, auth: 'quits:00' },
    { channel: `private-event.${percentGarbage(random)}` },
    { channel: 'presence-x', auth: 42 },
    { channel: 42 },
    { channel: null },
    { channel: 'x'.repeat(9_000) },
    JSON.stringify({ channel: `private-event.${'b'.repeat(30)}` }),
    '{not json',
    [],
    null,
    1e308,
    true,
  ]);

/** One frame of a socket case: a Pusher message right or wrong, or a frame broken in its bytes. */
function oneFrame(random: Random): { frame: Buffer; truncated: boolean } {
  const payload = (length: number) => bytes(random, length);
  switch (between(random, 0, 13)) {
    case 0:
    case 1:
    case 2:
      return {
        frame: textFrame(JSON.stringify({ event: pick(random, EVENTS), data: DATA(random) })),
        truncated: false,
      };
    case 3:
      return {
        frame: textFrame(
          pick(random, [
            '{not json',
            '[]',
            'null',
            '42',
            '',
            '\ufeff{}',
            '{"event":1}',
            `{"event":"${'e'.repeat(9_000)}"}`,
          ]),
        ),
        truncated: false,
      };
    case 4:
      return {
        frame: clientFrame({ opcode: Opcode.binary, payload: payload(between(random, 0, 2_000)) }),
        truncated: false,
      };
    case 5:
      return {
        frame: clientFrame({
          opcode: Opcode.text,
          payload: Buffer.from('{"event":"pusher:ping"}'),
          masked: false,
        }),
        truncated: false,
      };
    case 6:
      return {
        frame: clientFrame({
          opcode: Opcode.text,
          payload: Buffer.from('{}'),
          reserved: between(random, 1, 7),
        }),
        truncated: false,
      };
    case 7:
      return {
        frame: clientFrame({
          opcode: pick(random, [3, 4, 5, 6, 7, 11, 12, 13, 14, 15]),
          payload: payload(10),
        }),
        truncated: false,
      };
    case 8:
      return {
        frame: Buffer.concat([
          clientFrame({
            opcode: pick(random, [Opcode.text, Opcode.ping, Opcode.continuation]),
            payload: Buffer.from('{"ev'),
            fin: false,
          }),
          clientFrame({
            opcode: pick(random, [Opcode.continuation, Opcode.text]),
            payload: Buffer.from('ent":"pusher:ping"}'),
          }),
        ]),
        truncated: false,
      };
    case 9:
      // Over the server's 10 KB: whole, or only its header claiming a terabyte.
      return random() < 0.5
        ? {
            frame: clientFrame({
              opcode: Opcode.text,
              payload: Buffer.alloc(between(random, 10_241, 70_000), 0x61),
            }),
            truncated: false,
          }
        : {
            frame: clientFrame({
              opcode: Opcode.text,
              payload: payload(10),
              claimedLength: 2 ** 40,
            }),
            truncated: false,
          };
    case 10:
      return {
        frame: clientFrame({
          opcode: Opcode.ping,
          payload: payload(pick(random, [0, 125, 126, 300])),
        }),
        truncated: false,
      };
    case 11: {
      const close = Buffer.alloc(2);
      close.writeUInt16BE(pick(random, [999, 1000, 1005, 1006, 1015, 2999, 4000, 5000]));
      const reason = random() < 0.5 ? Buffer.from([0xff, 0xfe]) : Buffer.from('bye');
      return {
        frame: clientFrame({
          opcode: Opcode.close,
          payload: random() < 0.2 ? Buffer.from([1]) : Buffer.concat([close, reason]),
        }),
        truncated: false,
      };
    }
    case 12:
      return {
        frame: clientFrame({ opcode: Opcode.text, payload: Buffer.from([0xc3, 0x28, 0xff]) }),
        truncated: false,
      };
    default: {
      const whole = clientFrame({
        opcode: Opcode.text,
        payload: payload(between(random, 20, 400)),
      });
      return { frame: whole.subarray(0, between(random, 1, whole.length - 1)), truncated: true };
    }
  }
}

function framesCase(random: Random): SocketCase {
  const frames: Buffer[] = [];
  let truncated = false;
  for (let n = between(random, 1, 4); n > 0 && !truncated; n -= 1) {
    const next = oneFrame(random);
    frames.push(next.frame);
    truncated = next.truncated;
  }
  return { kind: 'frames', frames, truncated };
}

function subscribeFlood(random: Random): SocketCase {
  const frames: Buffer[] = [];
  const channel = (n: number) => `private-event.flood${String(n).padStart(20, '0')}`;
  const base = between(random, 0, 1_000_000);
  for (let n = between(random, 150, 400); n > 0; n -= 1) {
    const event = random() < 0.7 ? 'pusher:subscribe' : 'pusher:unsubscribe';
    const data = {
      channel: channel(base + between(random, 0, 500)),
      auth: `quits:${'0'.repeat(64)}`,
    };
    frames.push(textFrame(JSON.stringify({ event, data })));
  }
  return { kind: 'subscribe-flood', frames };
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
