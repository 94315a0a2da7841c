import { randomInt } from 'node:crypto';
import { WebSocket } from 'ws';
import { errorMessage } from './protocol';

/** How long a socket told to close may take to answer before it is cut, in ms. */
const CLOSE_GRACE_MS = 1_000;

/** One client's socket: its id, the channels it joined or is joining, and when it last spoke. */
export class PusherConnection {
  readonly id = `${randomInt(1e12)}.${randomInt(1e12)}`;
  /** Channel → true once the client was told it joined (false while that is pending). */
  readonly channels = new Map<string, boolean>();
  /** Epoch ms of the last frame from the client. */
  lastSeen = Date.now();
  /** Epoch ms of the ping the client has not answered yet; null when none is pending. */
  pingSentAt: number | null = null;
  #closing = false;

  constructor(
    readonly socket: WebSocket,
    /** The client's address, as counted for the per-address cap. */
    readonly address: string,
  ) {}

  get open(): boolean {
    return !this.#closing && this.socket.readyState === WebSocket.OPEN;
  }

  /** Bytes written to the socket that the client has not taken yet. */
  get backlog(): number {
    return this.socket.bufferedAmount;
  }

  send(frame: string | Buffer): void {
    if (this.open) this.socket.send(frame, { binary: false });
  }

  /** Says why with a `pusher:error`, closes with the same code, and cuts a client that hangs. */
  closeWith(code: number, message: string, announce = true): void {
    if (!this.open) return;
    if (announce) this.send(errorMessage(code, message));
    this.#closing = true;
    this.socket.close(code, message);
    setTimeout(() => this.socket.terminate(), CLOSE_GRACE_MS).unref();
  }

  /** A client too slow to read what it is sent: cut at once, its reconnect refetches. */
  cut(): void {
    this.#closing = true;
    this.socket.terminate();
  }
}
