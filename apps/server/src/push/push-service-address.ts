import { Resolver } from 'node:dns/promises';
import { isPublicAddress } from './public-address';

/** One address a name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a DNS name resolves to. Tests give their own, so that none needs a network. */
export type ResolveName = (hostname: string) => Promise<ResolvedAddress[]>;

// The DNS servers of /etc/resolv.conf, asked directly (c-ares) rather than through
// getaddrinfo: that runs on libuv's four shared threads, which a client subscribing names whose
// DNS never answers could keep busy, stalling file reads and crypto. Push services are public
// names, so /etc/hosts has nothing to add.
const resolver = new Resolver({ timeout: 2_000, tries: 2 });

/** Both families' addresses from the DNS; fails only when neither has any. */
export const systemResolve: ResolveName = async (hostname) => {
  const [v4, v6] = await Promise.allSettled([
    resolver.resolve4(hostname),
    resolver.resolve6(hostname),
  ]);
  const addresses: ResolvedAddress[] = [
    ...(v4.status === 'fulfilled'
      ? v4.value.map((address) => ({ address, family: 4 as const }))
      : []),
    ...(v6.status === 'fulfilled'
      ? v6.value.map((address) => ({ address, family: 6 as const }))
      : []),
  ];
  if (addresses.length === 0 && v4.status === 'rejected') throw v4.reason;
  return addresses;
};

/** Why a push service's name was refused; `message` is for the person who subscribed. */
export class PushServiceRefused extends Error {
  constructor(
    readonly reason: 'not-found' | 'not-public',
    host: string,
  ) {
    super(
      reason === 'not-found'
        ? `The push service ${host} could not be found.`
        : `The push service ${host} is not on the public internet.`,
    );
    this.name = 'PushServiceRefused';
  }
}

export interface AddressRules {
  resolve: ResolveName;
  /** Lets loopback and private addresses through: a test's own push service only. */
  allowPrivateNetworks: boolean;
  /** How long resolving may take, in milliseconds. */
  timeoutMs: number;
}

/**
 * The one address to connect to for a push service: resolves its name and refuses it when any
 * of its addresses is not public (a name that answers a public and a private address could be
 * made to pick either). The caller connects to this address and no other, so no later answer of
 * the DNS (rebinding) can move the connection.
 */
export async function addressOfPushService(
  host: string,
  rules: AddressRules,
): Promise<ResolvedAddress> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushServiceRefused('not-found', host)), rules.timeoutMs);
  });
  let addresses: ResolvedAddress[];
  try {
    addresses = await Promise.race([rules.resolve(host), late]);
  } catch (error) {
    if (error instanceof PushServiceRefused) throw error;
    throw new PushServiceRefused('not-found', host);
  } finally {
    clearTimeout(timer);
  }
  const [first] = addresses;
  if (!first) throw new PushServiceRefused('not-found', host);
  if (!rules.allowPrivateNetworks && !addresses.every((entry) => isPublicAddress(entry.address))) {
    throw new PushServiceRefused('not-public', host);
  }
  return first;
}
