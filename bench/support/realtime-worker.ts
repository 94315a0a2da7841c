import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import { seededRandom } from '../../apps/server/test/hardening/support/seeded-random';
import { specHeaders } from './api';
import { randomExpense } from './expense-fixture';
import { type RealtimeResult, type RealtimeSpec, spreadOf } from './realtime-spec';

/** Any single wait gives up after this long: a lost message fails the run, never hangs it. */
const WAIT_MS = 10_000;
/** Sockets opened at once while connecting. */
const CONNECT_BATCH = 50;

function deadline<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing after ${WAIT_MS} ms`)), WAIT_MS);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Sockets that record when each receives the frame carrying the current marker. Handlers only
 * search the raw bytes, so the client's own work stays small and equal on both sides.
 */
class Receivers {
  readonly sockets: WebSocket[] = [];
  #marker: Buffer | null = null;
  #arrivals: number[] = [];
  #count = 0;
  #done: (() => void) | null = null;
  frameBytes = 0;

  add(socket: WebSocket): void {
    const index = this.sockets.length;
    this.sockets.push(socket);
    socket.on('message', (data: Buffer) => {
      if (this.#marker === null || !data.includes(this.#marker)) return;
      if (this.#arrivals[index] !== undefined) return;
      this.#arrivals[index] = performance.now();
      this.frameBytes = data.length;
      this.#count += 1;
      if (this.#count === this.sockets.length) this.#done?.();
    });
  }

  /** Arms for `marker`; the promise resolves with every socket's arrival time. */
  expect(marker: string): Promise<number[]> {
    this.#marker = Buffer.from(marker);
    this.#arrivals = new Array(this.sockets.length);
    this.#count = 0;
    return deadline(
      new Promise<number[]>((resolve) => {
        this.#done = () => resolve(this.#arrivals);
      }),
      `${this.sockets.length} sockets waiting for ${marker}`,
    );
  }

  close(): void {
    for (const socket of this.sockets) socket.terminate();
  }
}

function open(url: string): Promise<WebSocket> {
  const socket = new WebSocket(url, { perMessageDeflate: false });
  return deadline(
    new Promise((resolve, reject) => {
      socket.once('open', () => resolve(socket));
      socket.once('error', reject);
    }),
    `opening ${url}`,
  );
}

/** One socket through the protocol: established, signed by the API, subscribed. */
async function joinApp(spec: RealtimeSpec, receivers: Receivers): Promise<void> {
  const socket = new WebSocket(
    `${spec.appOrigin.replace('http', 'ws')}/app/${spec.key}?protocol=7&client=bench`,
  );
  const frames: Array<{ event: string; data?: string }> = [];
  let wake = () => {};
  socket.on('message', (data: Buffer) => {
    frames.push(JSON.parse(data.toString()) as { event: string; data?: string });
    wake();
  });
  const next = (event: string) =>
    deadline(
      new Promise<{ event: string; data?: string }>((resolve) => {
        const check = () => {
          const found = frames.find((frame) => frame.event === event);
          if (found) resolve(found);
        };
        wake = check;
        check();
      }),
      `waiting for ${event}`,
    );
  const established = await next('pusher:connection_established');
  const socketId = (JSON.parse(established.data ?? '{}') as { socket_id: string }).socket_id;
  const channel = `private-event.${spec.eventId}`;
  const answer = await fetch(`${spec.appOrigin}/api/broadcasting/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ socket_id: socketId, channel_name: channel }),
  });
  const { auth } = (await answer.json()) as { auth: string };
  socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
  await next('pusher_internal:subscription_succeeded');
  socket.removeAllListeners('message');
  receivers.add(socket);
}

async function inBatches(count: number, task: () => Promise<void>): Promise<void> {
  for (let done = 0; done < count; done += CONNECT_BATCH) {
    const size = Math.min(CONNECT_BATCH, count - done);
    await Promise.all(Array.from({ length: size }, task));
  }
}

interface Samples {
  write: number[];
  afterAnswer: number[];
  afterRequest: number[];
  bareFanout: number[];
  bareEcho: number[];
}

async function run(spec: RealtimeSpec): Promise<RealtimeResult> {
  const app = new Receivers();
  const bare = new Receivers();
  await inBatches(spec.sockets, () => joinApp(spec, app));
  await inBatches(spec.sockets, async () => bare.add(await open(`${spec.bareOrigin}/fanout`)));
  const trigger = await open(`${spec.bareOrigin}/trigger`);
  const echo = await open(`${spec.bareOrigin}/echo`);
  const random = seededRandom(11);
  const deviceId = randomUUID();
  const samples: Samples = {
    write: [],
    afterAnswer: [],
    afterRequest: [],
    bareFanout: [],
    bareEcho: [],
  };
  let frame = '';

  const appChange = async (keep: boolean) => {
    const body = randomExpense(random, spec.userIds);
    const arrived = app.expect(body.id);
    const sent = performance.now();
    const answer = await fetch(`${spec.appOrigin}/api/event/${spec.eventId}/expenditure`, {
      method: 'POST',
      headers: { ...specHeaders(deviceId), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await answer.arrayBuffer();
    const answered = performance.now();
    if (answer.status !== 201) throw new Error(`a change answered ${answer.status}`);
    const arrivals = await arrived;
    if (!keep) return;
    samples.write.push(answered - sent);
    for (const at of arrivals) {
      samples.afterAnswer.push(at - answered);
      samples.afterRequest.push(at - sent);
    }
  };

  const bareChange = async (keep: boolean) => {
    const marker = randomUUID();
    // The app's frame, same size, with this change's marker: the bound sends the same bytes.
    const payload = frame.slice(0, Math.max(0, frame.length - marker.length)) + marker;
    const arrived = bare.expect(marker);
    const sent = performance.now();
    trigger.send(payload);
    const arrivals = await arrived;
    const echoed = new Promise<void>((resolve) => echo.once('message', () => resolve()));
    const echoSent = performance.now();
    echo.send(payload);
    await deadline(echoed, 'the echo');
    if (!keep) return;
    samples.bareEcho.push(performance.now() - echoSent);
    for (const at of arrivals) samples.bareFanout.push(at - sent);
  };

  for (let index = 0; index < spec.warmup; index += 1) await appChange(false);
  frame = 'x'.repeat(app.frameBytes);
  for (let index = 0; index < spec.warmup; index += 1) await bareChange(false);
  // Alternated, so that whatever else the machine does falls on both sides alike.
  const half = Math.ceil(spec.changes / 2);
  for (const side of [appChange, bareChange, bareChange, appChange]) {
    for (let index = 0; index < half; index += 1) await side(true);
  }
  app.close();
  bare.close();
  trigger.terminate();
  echo.terminate();
  return {
    frameBytes: app.frameBytes,
    write: spreadOf(samples.write),
    afterAnswer: spreadOf(samples.afterAnswer),
    afterRequest: spreadOf(samples.afterRequest),
    bareFanout: spreadOf(samples.bareFanout),
    bareEcho: spreadOf(samples.bareEcho),
  };
}

/**
 * The clients' own process (forked by `realtime-bench.ts`): the sockets, the API calls and the
 * clock are here, so that the server's event loop does only the server's work.
 */
process.once('message', (spec: RealtimeSpec) => {
  run(spec).then(
    (result) => process.send?.({ ok: true, result }, () => process.exit(0)),
    (error: unknown) => process.send?.({ ok: false, error: String(error) }, () => process.exit(1)),
  );
});
