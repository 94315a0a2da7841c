import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { normalizeIP } from '@fastify/rate-limit';

/**
 * How a socket's client is counted: by its address as the HTTP side reads it (the peer, or the
 * `X-Forwarded-For` entry a proxy listed in TRUST_PROXY vouches for), IPv4-mapped addresses
 * as IPv4 and IPv6 addresses by their /64, the block one subscriber usually holds whole.
 */
export function socketAddressReader(
  trustedProxies: readonly string[] | undefined,
): (request: IncomingMessage) => string {
  const trusted = proxyAddr.compile([...(trustedProxies ?? [])]);
  return (request) => {
    // A socket already gone has no address: such requests share one count, which is harmless
    // as nothing is opened for them.
    const address = request.socket.remoteAddress === undefined ? '' : proxyAddr(request, trusted);
    try {
      return normalizeIP(address);
    } catch {
      // An address the parser does not take (a zone, a forwarded word) is counted as it is.
      return address;
    }
  };
}
