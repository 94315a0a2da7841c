import { lookup } from 'node:dns/promises';
import { isPublicAddress } from './public-address';

/** One address a name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a DNS name resolves to. Tests give their own, so that none needs a network. */
export type ResolveName = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system's resolver (what `getaddrinfo` answers, /etc/hosts included). */
export const systemResolve: ResolveName = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

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
