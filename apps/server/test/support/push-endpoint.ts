import type { IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { PushTransportOptions } from '@server/push/push-transport';
import { generate } from 'selfsigned';

/** One request a browser's push service received. */
export interface PushRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The names the test's push service answers to (one per push service a test pretends). */
export const PUSH_HOSTS = ['push.quits.test', 'slow.quits.test'] as const;
export type PushHost = (typeof PUSH_HOSTS)[number];

/**
 * A push service on 127.0.0.1 over HTTPS with a certificate made for the test: it records what
 * it receives and answers 201 Created, or what a test tells it to for a path. Endpoints name it
 * `push.quits.test` (or another of `PUSH_HOSTS`), as a browser's name a push service; the app
 * under test reaches it through `transport`: a resolver that sends those names to 127.0.0.1,
 * the service's port, its certificate, and private networks allowed.
 */
export interface PushEndpoint {
  /** `https://push.quits.test`: what a VAPID signature's audience names. */
  origin: string;
  /** The service's self-signed certificate (PEM). */
  certificate: string;
  /** How the app under test reaches this service (never the production rules). */
  transport: PushTransportOptions;
  /** A subscription endpoint URL at this service. */
  url(path: string, host?: PushHost): string;
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
          ...PUSH_HOSTS.map((value) => ({ type: 2 as const, value })),
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
  const origin = `https://${PUSH_HOSTS[0]}`;
  const hosts: readonly string[] = PUSH_HOSTS;

  return {
    origin,
    certificate: pems.cert,
    transport: {
      extraCertificates: [pems.cert],
      resolve: async (hostname) => {
        if (!hosts.includes(hostname)) throw new Error(`${hostname} is not a test push service`);
        return [{ address: '127.0.0.1', family: 4 }];
      },
      allowPrivateNetworks: true,
      port,
    },
    url: (path, host = PUSH_HOSTS[0]) => `https://${host}${path}`,
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
