/**
 * Counts the sockets each client address holds, so that one address cannot take every socket
 * of the instance. Only addresses with a socket open are kept: memory follows the live sockets.
 */
export class AddressQuota {
  readonly #counts = new Map<string, number>();

  constructor(private readonly perAddress: number) {}

  /** Counts one more socket for `address`; false (and nothing counted) when it holds its share. */
  take(address: string): boolean {
    const count = this.#counts.get(address) ?? 0;
    if (count >= this.perAddress) return false;
    this.#counts.set(address, count + 1);
    return true;
  }

  release(address: string): void {
    const count = this.#counts.get(address) ?? 0;
    if (count <= 1) this.#counts.delete(address);
    else this.#counts.set(address, count - 1);
  }

  /** Addresses holding at least one socket. */
  get addressCount(): number {
    return this.#counts.size;
  }
}
