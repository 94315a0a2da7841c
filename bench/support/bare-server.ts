import Fastify from 'fastify';

export interface BareServer {
  /** `GET` answers the given bytes; `POST` (any JSON body) answers 201 with a fixed small JSON. */
  url: string;
  close(): Promise<void>;
}

const CREATED = Buffer.from('{"data":{"created":true}}');

/**
 * The bound: a Fastify instance with nothing but one route, logger off, on 127.0.0.1. GET sends
 * `body` as it is, with the same content-type and ETag as the app; POST parses the JSON body (as
 * the app must) and answers a fixed 201.
 */
export async function startBareServer(
  body: Buffer,
  headers: Record<string, string> = {},
): Promise<BareServer> {
  const app = Fastify({ logger: false, bodyLimit: 1_048_576 });
  const sent = { 'content-type': 'application/json', ...headers };
  app.get('/bare', (_request, reply) => reply.headers(sent).send(body));
  app.post('/bare', (_request, reply) => reply.status(201).type('application/json').send(CREATED));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${address}/bare`, close: () => app.close() };
}
