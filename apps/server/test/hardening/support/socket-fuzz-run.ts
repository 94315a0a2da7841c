import { connect, type Socket } from 'node:net';
import { seededRandom } from './seeded-random';
import { type SocketCase, socketCases } from './socket-fuzz-cases';
import { readServerFrames, type ServerFrames, textFrame } from './ws-frames';

/** A case still unsettled after this is given up on by the client (and counted so). */
const CASE_LIMIT_MS = 3_000;
/** How long a socket left with a truncated frame is held before the client leaves. */
const TRUNCATED_HOLD_MS = 150;
const HEALTH_EVERY_MS = 100;
const HEALTH_TIMEOUT_MS = 5_000;

export interface SocketFuzzStats {
  seed: number;
  cases: number;
  byKind: Record<SocketCase['kind'], number>;
  /** TCP connections opened to the server. */
  sockets: number;
  /** How each connection ended: `HTTP 400`, `close 1002`, `pong`, … */
  outcomes: Map<string, number>;
  health: { answers: number; failures: number; worstMs: number };
  durationMs: number;
}

interface Target {
  port: number;
  key: string;
}

const HANDSHAKE = (key: string) =>
  Buffer.from(
    `GET /app/${key}?protocol=7&client=fuzz HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n` +
      'Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n' +
      'Sec-WebSocket-Version: 13\r\n\r\n',
  );

/**
 * One TCP connection: writes `request`, then reads. `after101` is called with the socket once a
 * handshake was answered 101 (and the frames read so far); it settles the connection itself.
 */
function converse(
  target: Target,
  request: Buffer,
  after101?: (socket: Socket, frames: ServerFrames, settle: (outcome: string) => void) => void,
): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(target.port, '127.0.0.1');
    const frames: ServerFrames = { texts: [], closeCode: undefined };
    let head = Buffer.alloc(0);
    let rest: Buffer | null = null;
    let status: string | null = null;
    let done = false;
    const settle = (outcome: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(() => settle('client gave up'), CASE_LIMIT_MS);
    socket.on('error', () =>
      settle(status === null ? 'reset before an answer' : `${status}, reset`),
    );
    socket.on('close', () => {
      if (status === null) settle('closed without an answer');
      else if (frames.closeCode !== undefined)
        settle(`close ${frames.closeCode ?? 'without code'}`);
      else settle(status === 'HTTP 101' ? 'HTTP 101, closed without a close frame' : status);
    });
    socket.on('data', (chunk: Buffer) => {
      if (rest !== null) {
        rest = readServerFrames(Buffer.concat([rest, chunk]), frames);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      status = `HTTP ${head.subarray(9, 12).toString('latin1')}`;
      if (status !== 'HTTP 101' || !after101) {
        settle(status);
        return;
      }
      rest = readServerFrames(head.subarray(end + 4), frames);
      after101(socket, frames, settle);
    });
    socket.write(request);
  });
}

/** Waits until `frames` hold what `done` asks, or the server closed, or `ms` passed. */
async function until(frames: ServerFrames, done: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && frames.closeCode === undefined && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const established = (frames: ServerFrames) =>
  frames.texts.some((text) => text.includes('pusher:connection_established'));
const ponged = (frames: ServerFrames, from: number) =>
  frames.texts.slice(from).some((text) => text.includes('pusher:pong'));

/** After the handshake: sends the frames, then a ping, and tells whether the socket answers. */
function sendFrames(frames: Buffer[], truncated: boolean) {
  return (socket: Socket, heard: ServerFrames, settle: (outcome: string) => void) => {
    void (async () => {
      await until(heard, () => established(heard), 1_000);
      if (heard.closeCode !== undefined)
        return settle(`close ${heard.closeCode ?? 'without code'}`);
      for (const frame of frames) socket.write(frame);
      if (truncated) {
        await new Promise((resolve) => setTimeout(resolve, TRUNCATED_HOLD_MS));
        return settle(
          heard.closeCode === undefined
            ? 'left with a truncated frame'
            : `close ${heard.closeCode}`,
        );
      }
      const from = heard.texts.length;
      socket.write(textFrame('{"event":"pusher:ping","data":{}}'));
      await until(heard, () => ponged(heard, from), 1_500);
      if (heard.closeCode !== undefined)
        return settle(`close ${heard.closeCode ?? 'without code'}`);
      settle(ponged(heard, from) ? 'pong' : 'no pong');
    })();
  };
}

/** Opens `count` sockets at once; each ends established (then left) or refused. */
async function flood(target: Target, count: number): Promise<string[]> {
  const held: Socket[] = [];
  const outcomes = await Promise.all(
    Array.from({ length: count }, () =>
      converse(target, HANDSHAKE(target.key), (socket, heard, settle) => {
        void until(heard, () => established(heard), 1_000).then(() => {
          if (heard.closeCode !== undefined) return settle(`close ${heard.closeCode}`);
          // Held until every socket of the flood has its answer, then let go.
          held.push(socket);
          socket.removeAllListeners('close');
          settle(established(heard) ? 'established' : 'no handshake message');
        });
      }),
    ),
  );
  for (const socket of held) socket.destroy();
  return outcomes;
}

async function runCase(target: Target, fuzzCase: SocketCase): Promise<string[]> {
  switch (fuzzCase.kind) {
    case 'http':
    case 'upgrade':
      return [await converse(target, fuzzCase.request, sendFrames([], false))];
    case 'frames':
      return [
        await converse(
          target,
          HANDSHAKE(target.key),
          sendFrames(fuzzCase.frames, fuzzCase.truncated),
        ),
      ];
    case 'subscribe-flood':
      return [await converse(target, HANDSHAKE(target.key), sendFrames(fuzzCase.frames, false))];
    case 'connection-flood':
      return flood(target, fuzzCase.sockets);
  }
}

/** Asks `/api/health` every 100 ms until stopped: answers, failures and the slowest answer. */
function pollHealth(baseUrl: string) {
  const health = { answers: 0, failures: 0, worstMs: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const answer = await fetch(`${baseUrl}/api/health`, {
          signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
        });
        await answer.arrayBuffer();
        if (answer.status === 200) health.answers += 1;
        else health.failures += 1;
      } catch {
        health.failures += 1;
      }
      health.worstMs = Math.max(health.worstMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
  })();
  return {
    health,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/**
 * Sends `cases` seeded cases over real TCP connections to a listening server (`concurrency`
 * at once) while polling its health. `baseUrl`: `http://127.0.0.1:<port>`.
 */
export async function runSocketFuzz(options: {
  baseUrl: string;
  cases: number;
  seed: number;
  concurrency?: number;
  progress?: (line: string) => void;
}): Promise<SocketFuzzStats> {
  const { baseUrl, cases, seed, concurrency = 16, progress } = options;
  const answer = await fetch(`${baseUrl}/api/config`);
  const { data } = (await answer.json()) as { data: { realtime: { key: string } | null } };
  if (!data.realtime) throw new Error('the server offers no live updates to fuzz');
  const target = { port: Number(new URL(baseUrl).port), key: data.realtime.key };
  const next = socketCases(seededRandom(seed), target.key);
  const stats: SocketFuzzStats = {
    seed,
    cases: 0,
    byKind: { http: 0, upgrade: 0, frames: 0, 'subscribe-flood': 0, 'connection-flood': 0 },
    sockets: 0,
    outcomes: new Map(),
    health: { answers: 0, failures: 0, worstMs: 0 },
    durationMs: 0,
  };
  const started = performance.now();
  const poller = pollHealth(baseUrl);
  stats.health = poller.health;
  let taken = 0;
  const worker = async () => {
    while (taken < cases) {
      taken += 1;
      const fuzzCase = next();
      stats.byKind[fuzzCase.kind] += 1;
      for (const outcome of await runCase(target, fuzzCase)) {
        stats.sockets += 1;
        stats.outcomes.set(outcome, (stats.outcomes.get(outcome) ?? 0) + 1);
      }
      stats.cases += 1;
      if (stats.cases % 1_000 === 0) progress?.(`socket fuzz: ${stats.cases} of ${cases} cases`);
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    await poller.stop();
    stats.durationMs = performance.now() - started;
  }
  return stats;
}

/** The figures of a run, as lines for a terminal or a report. */
export function describeSocketFuzz(stats: SocketFuzzStats): string[] {
  const outcomes = [...stats.outcomes.entries()]
    .sort(([, a], [, b]) => b - a)
    .map(([outcome, count]) => `${outcome}: ${count}`)
    .join(', ');
  const kinds = Object.entries(stats.byKind)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  const { answers, failures, worstMs } = stats.health;
  return [
    `cases: ${stats.cases} in ${(stats.durationMs / 1000).toFixed(1)} s (seed ${stats.seed}): ${kinds}`,
    `sockets: ${stats.sockets}; how they ended: ${outcomes}`,
    `health: ${answers} answers, ${failures} failures, slowest ${worstMs.toFixed(0)} ms`,
  ];
}
