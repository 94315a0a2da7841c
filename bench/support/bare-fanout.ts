import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

export interface BareFanout {
  /** `ws://127.0.0.1:<port>`: `/fanout` receives, `/trigger` sends to every receiver, `/echo`. */
  origin: string;
  close(): Promise<void>;
}

/**
 * The bound of a broadcast: a bare `ws` server with no protocol, no database and no HTTP API.
 * A frame on `/trigger` goes as it is to every socket on `/fanout` (serialised once, as the app
 * does); a frame on `/echo` comes back.
 */
export async function startBareFanout(): Promise<BareFanout> {
  const receivers = new Set<WebSocket>();
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  server.on('connection', (socket, request) => {
    const path = request.url ?? '';
    if (path.startsWith('/fanout')) {
      receivers.add(socket);
      socket.on('close', () => receivers.delete(socket));
    } else if (path.startsWith('/trigger')) {
      socket.on('message', (data: Buffer) => {
        for (const receiver of receivers) receiver.send(data, { binary: false });
      });
    } else {
      socket.on('message', (data: Buffer) => socket.send(data, { binary: false }));
    }
  });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `ws://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of server.clients) socket.terminate();
        server.close(() => resolve());
      }),
  };
}
