import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import webPush from 'web-push';
import type { PushRecipient } from './subscription-store';
import type { VapidDetails } from './vapid-keys';

export interface PushTransportOptions {
  /** Certificates (PEM) to trust besides the usual authorities: a test's own push service. */
  extraCertificates?: readonly string[];
  /**
   * Allows endpoints on loopback and private networks. Off by default: anyone with an event's
   * link can subscribe, and the server must not be made to post into its own network.
   */
  allowPrivateNetworks?: boolean;
  /** A send whose connection is silent this long is abandoned. */
  timeoutMs?: number;
}

/** How long a pushed message waits at the push service for an offline browser: one day. */
const TTL_SECONDS = 24 * 60 * 60;

/** The push service's answer: delivered, or the subscription no longer exists. */
export type SendOutcome = 'sent' | 'gone';

/** Encrypts and posts one message to one browser's push service (RFC 8030, 8291, 8292). */
export class PushTransport {
  readonly #agent: Agent;
  readonly #allowPrivate: boolean;
  readonly #timeoutMs: number;

  constructor(
    private readonly vapid: VapidDetails,
    options: PushTransportOptions = {},
  ) {
    this.#allowPrivate = options.allowPrivateNetworks ?? false;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    const extra = options.extraCertificates ?? [];
    this.#agent = new Agent({
      keepAlive: true,
      maxSockets: 16,
      ...(extra.length > 0 ? { ca: [...rootCertificates, ...extra] } : {}),
      ...(this.#allowPrivate ? {} : { lookup: publicOnlyLookup }),
    });
  }

  /**
   * `topic` lets the push service replace a message still waiting for the same browser
   * (at most 32 URL-safe characters). Throws for anything but delivery or a gone subscription.
   */
  async send(recipient: PushRecipient, payload: string, topic: string): Promise<SendOutcome> {
    const { hostname } = new URL(recipient.endpoint);
    if (!this.#allowPrivate && isIP(hostname.replace(/^\[|\]$/g, '')) && isPrivate(hostname)) {
      throw new Error('the push endpoint is on a private network');
    }
    try {
      await webPush.sendNotification(
        { endpoint: recipient.endpoint, keys: { p256dh: recipient.p256dh, auth: recipient.auth } },
        payload,
        {
          vapidDetails: this.vapid,
          TTL: TTL_SECONDS,
          urgency: 'normal',
          topic,
          agent: this.#agent,
          timeout: this.#timeoutMs,
        },
      );
      return 'sent';
    } catch (error) {
      if (error instanceof webPush.WebPushError && [404, 410].includes(error.statusCode)) {
        return 'gone';
      }
      throw error;
    }
  }

  close(): void {
    this.#agent.destroy();
  }
}

// Loopback, private, link-local, shared, benchmarking, multicast and reserved ranges.
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address (v4, v6, or v4 mapped into v6) is not on the public internet. */
export function isPrivate(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1]) return PRIVATE.check(mapped[1], 'ipv4');
  const family = isIP(bare);
  if (family === 0) return false;
  return PRIVATE.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** Resolves like the system does, but refuses a name that leads to a private address. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => isPrivate(entry.address));
    if (refused || addresses.length === 0) {
      const denied = Object.assign(new Error(`${hostname} is not a public address`), {
        code: 'EPRIVATEADDRESS',
      });
      return callback(denied, '', 0);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    return first ? callback(null, first.address, first.family) : callback(null, '', 0);
  });
};
