import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the stub model answers the next requests. */
export type ModelBehaviour =
  | { kind: 'answer'; content: string }
  | { kind: 'status'; status: number }
  | { kind: 'raw'; body: string }
  | { kind: 'silent' };

export interface ModelRequest {
  headers: IncomingHttpHeaders;
  body: {
    model?: string;
    messages?: { role: string; content: unknown }[];
    response_format?: { type?: string; json_schema?: { schema?: unknown } };
  };
}

/**
 * A local HTTP server that plays an OpenAI-compatible chat completions endpoint: it records
 * what it was sent and answers as told (a completion, an error status, raw text, or nothing).
 */
export async function startModelStub() {
  let behaviour: ModelBehaviour = { kind: 'status', status: 500 };
  const requests: ModelRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString() || '{}'),
      });
      if (behaviour.kind === 'silent') return; // Never answers: the client must give up.
      if (behaviour.kind === 'status') {
        response.writeHead(behaviour.status, { 'content-type': 'application/json' });
        response.end('{"error":{"message":"model not loaded"}}');
        return;
      }
      const body =
        behaviour.kind === 'raw'
          ? behaviour.body
          : JSON.stringify({
              id: 'chatcmpl-1',
              object: 'chat.completion',
              choices: [
                {
                  index: 0,
                  finish_reason: 'stop',
                  message: { role: 'assistant', content: behaviour.content },
                },
              ],
            });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/chat/completions`,
    requests,
    answer(next: ModelBehaviour) {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
