import type { IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

/** One request a browser's push service received. */
export interface PushRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service on 127.0.0.1 over HTTPS with a certificate made for the test: it records what
 * it receives and answers 201 Created, or what a test tells it to for a path. The app under
 * test is told to trust `certificate`.
 */
export interface PushEndpoint {
  origin: string;
  /** The service's self-signed certificate (PEM). */
  certificate: string;
  /** A subscription endpoint URL at this service. */
  url(path: string): string;
  received(path: string): PushRequest[];
  /** Answers every later request to `path` with `status`. */
  answer(path: string, status: number): void;
  /** Keeps later requests to `path` unanswered until the returned function is called. */
  hold(path: string): () => void;
  /** Resolves once `path` has received `count` requests; fails after `timeoutMs`. */
  waitFor(path: string, count: number, timeoutMs?: number): Promise<PushRequest[]>;
  close(): Promise<void>;
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const received = new Map<string, PushRequest[]>();
  const statuses = new Map<string, number>();
  const gates = new Map<string, Promise<void>>();
  const waiters = new Set<() => void>();

  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (request, reply) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const path = request.url ?? '/';
      const list = received.get(path) ?? [];
      list.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      received.set(path, list);
      for (const wake of waiters) wake();
      await gates.get(path);
      reply.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://127.0.0.1:${port}`;

  return {
    origin,
    certificate: pems.cert,
    url: (path) => `${origin}${path}`,
    received: (path) => [...(received.get(path) ?? [])],
    answer: (path, status) => {
      statuses.set(path, status);
    },
    hold: (path) => {
      let release = () => {};
      gates.set(
        path,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return () => {
        gates.delete(path);
        release();
      };
    },
    waitFor: (path, count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const list = received.get(path) ?? [];
          if (list.length < count) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve([...list]);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          const got = received.get(path)?.length ?? 0;
          reject(new Error(`${path} received ${got} push requests, not ${count}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
