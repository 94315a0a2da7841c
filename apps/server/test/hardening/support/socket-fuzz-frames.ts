import type { SocketCase } from './socket-fuzz-cases';
import { between, bytes, percentGarbage, pick, type Random } from './socket-fuzz-draw';
import { clientFrame, Opcode, textFrame } from './ws-frames';

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

export function framesCase(random: Random): SocketCase {
  const frames: Buffer[] = [];
  let truncated = false;
  for (let n = between(random, 1, 4); n > 0 && !truncated; n -= 1) {
    const next = oneFrame(random);
    frames.push(next.frame);
    truncated = next.truncated;
  }
  return { kind: 'frames', frames, truncated };
}

export function subscribeFlood(random: Random): SocketCase {
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
