import type { Duplex } from 'node:stream';
import { withinBasePath } from '@server/http/base-path';

/** What a socket's upgrade request asks for: the app key of its path, the protocol version. */
export interface SocketRequest {
  key: string;
  protocol: string | null;
}

const SOCKET_PATH = /^\/app\/([^/]+)$/;

/**
 * Reads `/app/{key}?protocol=7` (below `basePath`) from a request target as the client sent it. The target is
 * read by hand rather than with `new URL`, which throws on targets a client may send
 * (`//[/app/x` is read as a host), and the key's escapes may be malformed (`%E0%A4%A`), which
 * `decodeURIComponent` throws on: `malformed` is answered 400, `elsewhere` (a well-formed path
 * that is not a socket's) 404.
 */
export function readSocketRequest(
  sent: string | undefined,
  basePath = '',
): SocketRequest | 'malformed' | 'elsewhere' {
  // A path names this server's resources; `//…` would name a host (and `*`, `http://…` are not
  // paths at all).
  if (sent === undefined || !sent.startsWith('/') || sent.startsWith('//')) {
    return 'malformed';
  }
  // Under a base path (BASE_PATH), the sockets are below it, as every other path is.
  const target = withinBasePath(sent, basePath);
  if (target === null) return 'elsewhere';
  const query = target.indexOf('?');
  const path = query < 0 ? target : target.slice(0, query);
  const escaped = SOCKET_PATH.exec(path)?.[1];
  if (escaped === undefined) return 'elsewhere';
  let key: string;
  try {
    key = decodeURIComponent(escaped);
  } catch {
    return 'malformed';
  }
  // URLSearchParams never throws: a malformed escape in the query stays as it was sent.
  const protocol = query < 0 ? null : new URLSearchParams(target.slice(query + 1)).get('protocol');
  return { key, protocol };
}

/** Answers an upgrade that is not taken, before any WebSocket exists, and closes the socket. */
export function refuseUpgrade(socket: Duplex, status: string): void {
  if (socket.writable) {
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  } else {
    socket.destroy();
  }
}
