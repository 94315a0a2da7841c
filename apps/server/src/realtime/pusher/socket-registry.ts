/**
 * Who listens to what on this instance: the sockets of every channel with at least one
 * subscriber. A channel without subscribers is forgotten, so memory follows the live sockets.
 */
export class SocketRegistry<Socket> {
  readonly #channels = new Map<string, Set<Socket>>();

  /** Adds the socket; true when it is the channel's first subscriber here. */
  add(channel: string, socket: Socket): boolean {
    const sockets = this.#channels.get(channel);
    if (sockets) {
      sockets.add(socket);
      return false;
    }
    this.#channels.set(channel, new Set([socket]));
    return true;
  }

  /** Removes the socket; true when the channel has no subscriber left here. */
  remove(channel: string, socket: Socket): boolean {
    const sockets = this.#channels.get(channel);
    if (!sockets?.delete(socket)) return false;
    if (sockets.size > 0) return false;
    this.#channels.delete(channel);
    return true;
  }

  has(channel: string, socket: Socket): boolean {
    return this.#channels.get(channel)?.has(socket) ?? false;
  }

  subscribers(channel: string): ReadonlySet<Socket> {
    return this.#channels.get(channel) ?? EMPTY;
  }

  get channelCount(): number {
    return this.#channels.size;
  }
}

const EMPTY: ReadonlySet<never> = new Set();
