import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createEvent, personId } from '../support/fixtures';
import { apiClient, DATABASES, startTestApp, type TestApp } from '../support/test-app';

/** The limits as shipped, but for the one a test lowers. */
const ON: NodeJS.ProcessEnv = { RATE_LIMITS: 'on' };

/** An id that looks like an event's and is none. */
const randomEventId = () => randomUUID().replaceAll('-', '').slice(0, 22);

interface RawRequest {
  method: string;
  target: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Sends a request line exactly as given (absolute-form, a fragment…), which `inject` rewrites. */
function sendRaw(port: number, request: RawRequest): Promise<number> {
  const body = request.body ?? '';
  const headers = {
    host: `127.0.0.1:${port}`,
    connection: 'close',
    'content-length': String(Buffer.byteLength(body)),
    ...request.headers,
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`${request.method} ${request.target} HTTP/1.1\r\n${head}\r\n${body}`);
    });
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('end', () => resolve(Number(answer.slice(9, 12))));
  });
}

async function statuses(count: number, send: () => Promise<number>): Promise<number[]> {
  const seen: number[] = [];
  for (let sent = 0; sent < count; sent++) seen.push(await send());
  return seen;
}

describe.each(DATABASES)('a path spelt another way on %s', (kind) => {
  let started: TestApp | undefined;
  afterEach(async () => {
    await started?.close();
    started = undefined;
  });

  async function start(
    env: NodeJS.ProcessEnv = {},
  ): Promise<{ app: FastifyInstance; port: number }> {
    started = await startTestApp(kind, { ...ON, ...env });
    await started.app.listen({ port: 0, host: '127.0.0.1' });
    const address = started.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    return { app: started.app, port: address.port };
  }

  it('is refused with 400 when it percent-encodes a letter, and never reaches a route', async () => {
    const { app } = await start();
    const answers = await statuses(80, async () => {
      const answer = await app.inject({ method: 'GET', url: `/%61pi/events/${randomEventId()}` });
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'path_not_canonical' });
      return answer.statusCode;
    });
    expect(new Set(answers)).toEqual(new Set([400]));
    for (const url of ['/api/events/x/activit%79', '/api/%65vents', '/%7Eapi', '/api/health%2D']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(400);
    }
    // Encoded characters that need it still reach their route: a slash inside an id stays one.
    const encodedSlash = await app.inject({ method: 'GET', url: '/api/events/a%2Fb' });
    expect(encodedSlash.statusCode).not.toBe(400);
  });

  it('counts guesses by the route they reach, however the URL is written', async () => {
    const { port } = await start();
    const answers = await statuses(80, () =>
      sendRaw(port, {
        method: 'GET',
        target: `http://127.0.0.1:${port}/api/events/${randomEventId()}`,
      }),
    );
    // As for `/api/…`: the 61st guess is the last the limit of 60 lets through.
    expect(answers.slice(0, 61)).toEqual(Array(61).fill(404));
    expect(answers.slice(61)).toEqual(Array(19).fill(429));
  });

  it("counts a device's writes by the route they reach", async () => {
    const { app, port } = await start({ RATE_LIMIT_WRITES_PER_DEVICE: '5' });
    const event = await createEvent(apiClient(app));
    const ben = personId(event, 'Ben');
    const path = `/event/${event.id}/users/${ben}/default-weight`;
    const device = randomUUID();
    const write = (target: string) =>
      sendRaw(port, {
        method: 'PUT',
        target,
        headers: { 'content-type': 'application/json', 'device-id': device },
        body: JSON.stringify({ default_weight: 2 }),
      });
    expect(await statuses(3, () => write(`/%61pi${path}`))).toEqual([400, 400, 400]);
    const answers = await statuses(8, () => write(`http://127.0.0.1:${port}/api${path}`));
    expect(answers).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('counts uploads of attachments by the route they reach', async () => {
    const { app, port } = await start({ RATE_LIMIT_UPLOADS_PER_DEVICE: '2' });
    const event = await createEvent(apiClient(app));
    const device = randomUUID();
    const upload = (target: string) =>
      sendRaw(port, {
        method: 'POST',
        target,
        headers: { 'content-type': 'multipart/form-data; boundary=quits', 'device-id': device },
        body: '--quits\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\nnot a pdf\r\n--quits--\r\n',
      });
    const path = `/event/${event.id}/attachments`;
    expect(await upload(`/%61pi${path}`)).toBe(400);
    const answers = await statuses(4, () => upload(`http://127.0.0.1:${port}/api${path}`));
    expect(answers.slice(0, 2)).not.toContain(429);
    expect(answers.slice(2)).toEqual([429, 429]);
  });

  it('counts heavy reads by the route they reach', async () => {
    const { app, port } = await start({ RATE_LIMIT_HEAVY_READS_PER_IP: '3' });
    const event = await createEvent(apiClient(app));
    expect(
      await sendRaw(port, { method: 'GET', target: `/api/events/${event.id}/activit%79` }),
    ).toBe(400);
    const answers = await statuses(5, () =>
      sendRaw(port, { method: 'GET', target: `/api/events/${event.id}/activity#latest` }),
    );
    expect(answers).toEqual([200, 200, 200, 429, 429]);
  });
});
