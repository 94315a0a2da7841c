import { Agent, request } from 'node:https';
import type { LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import { type PushEndpointParts, parsePushEndpoint, pushEndpointUrl } from '@quits/contract';
import webPush from 'web-push';
import {
  type AddressRules,
  addressOfPushService,
  type ResolvedAddress,
  type ResolveName,
  systemResolve,
} from './push-service-address';
import type { PushRecipient } from './subscription-store';
import type { VapidDetails } from './vapid-keys';

/**
 * How the server reaches push services. Set by code only, never by the environment: the
 * defaults are the production rules, and the other values exist for a test's own push service.
 */
export interface PushTransportOptions {
  /** Certificates (PEM) to trust besides the usual authorities: a test's own push service. */
  extraCertificates?: readonly string[];
  /** Resolves push services' names; the system's resolver by default. */
  resolve?: ResolveName;
  /**
   * Allows push services on loopback and private networks. Off by default: anyone with an
   * event's link can subscribe, and the server must not be made to post into its own network.
   */
  allowPrivateNetworks?: boolean;
  /** The port push services are reached on: 443, the only one an endpoint may name. */
  port?: number;
  /** A send (resolving, connecting, posting, the answer's status) gives up after this long. */
  timeoutMs?: number;
}

/** How long a pushed message waits at the push service for an offline browser: one day. */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * How long a send reuses a push service's checked address: one change can mean hundreds of
 * sends to the same service, and each would otherwise ask the DNS again. Reusing is safe: it is
 * the address that passed the check, not the name, that is connected to.
 */
const ADDRESS_REUSE_MS = 30_000;
const MAX_ADDRESSES = 1_000;

/**
 * Delivered; the subscription no longer exists; or its endpoint is one the server never posts
 * to (stored before today's rules), which no retry can change.
 */
export type SendOutcome = 'sent' | 'gone' | 'refused';

/** A push service answered something other than delivery or "gone". */
export class PushServiceError extends Error {
  constructor(readonly statusCode: number) {
    super(`the push service answered ${statusCode}`);
    this.name = 'PushServiceError';
  }
}

/** Encrypts and posts one message to one browser's push service (RFC 8030, 8291, 8292). */
export class PushTransport {
  readonly #agent: Agent;
  readonly #rules: AddressRules;
  readonly #port: number;
  readonly #addresses = new Map<string, { target: ResolvedAddress; until: number }>();

  constructor(
    private readonly vapid: VapidDetails,
    options: PushTransportOptions = {},
  ) {
    this.#rules = {
      resolve: options.resolve ?? systemResolve,
      allowPrivateNetworks: options.allowPrivateNetworks ?? false,
      timeoutMs: options.timeoutMs ?? 5_000,
    };
    this.#port = options.port ?? 443;
    const extra = options.extraCertificates ?? [];
    this.#agent = new Agent({
      keepAlive: true,
      maxSockets: 16,
      ...(extra.length > 0 ? { ca: [...rootCertificates, ...extra] } : {}),
    });
  }

  /** How long a send may take, resolving to answer, in milliseconds. */
  get timeoutMs(): number {
    return this.#rules.timeoutMs;
  }

  /**
   * The address a push endpoint's service is reached at, or `PushServiceRefused` (not found,
   * or not public). Subscribing asks this first, so that a bad endpoint is refused at once.
   */
  addressOf(host: string): Promise<ResolvedAddress> {
    return addressOfPushService(host, this.#rules);
  }

  /**
   * `topic` lets the push service replace a message still waiting for the same browser
   * (at most 32 URL-safe characters). Throws for anything but delivery, a gone subscription or
   * an endpoint the rules refuse by its form.
   */
  async send(recipient: PushRecipient, payload: string, topic: string): Promise<SendOutcome> {
    const parts = parsePushEndpoint(recipient.endpoint);
    if (!parts) return 'refused';
    const deadline = Date.now() + this.#rules.timeoutMs;
    const target = await this.#sendAddressOf(parts.host);
    // web-push encrypts and signs; it is given the endpoint rebuilt from the checked parts and
    // never connects: the request below goes to the checked address only.
    const details = webPush.generateRequestDetails(
      {
        endpoint: pushEndpointUrl(parts),
        keys: { p256dh: recipient.p256dh, auth: recipient.auth },
      },
      payload,
      { vapidDetails: this.vapid, TTL: TTL_SECONDS, urgency: 'normal', topic },
    );
    const status = await this.#post(parts, target, details, Math.max(1, deadline - Date.now()));
    if (status >= 200 && status < 300) return 'sent';
    if (status === 404 || status === 410) return 'gone';
    throw new PushServiceError(status);
  }

  close(): void {
    this.#agent.destroy();
  }

  /** `addressOf`, reusing a recent answer for the same name. */
  async #sendAddressOf(host: string): Promise<ResolvedAddress> {
    const now = Date.now();
    const known = this.#addresses.get(host);
    if (known && known.until > now) return known.target;
    const target = await this.addressOf(host);
    if (this.#addresses.size >= MAX_ADDRESSES) this.#addresses.clear();
    this.#addresses.set(host, { target, until: now + ADDRESS_REUSE_MS });
    return target;
  }

  /** Posts to `target` under the endpoint's name (Host, TLS name); the answer's status. */
  #post(
    parts: PushEndpointParts,
    target: ResolvedAddress,
    details: webPush.RequestDetails,
    timeoutMs: number,
  ): Promise<number> {
    return new Promise((resolve, reject) => {
      const sending = request(
        {
          host: parts.host,
          port: this.#port,
          path: parts.path,
          method: 'POST',
          headers: details.headers,
          agent: this.#agent,
          lookup: pinnedLookup(target),
          signal: AbortSignal.timeout(timeoutMs),
        },
        (answer) => {
          // The body says nothing we use; it is read and dropped so the socket can be reused.
          answer.resume();
          answer.on('error', reject);
          resolve(answer.statusCode ?? 0);
        },
      );
      sending.on('error', reject);
      sending.end(details.body ?? undefined);
    });
  }
}

/** A lookup that answers only the address already checked, whatever the DNS says now. */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) return callback(null, [target]);
    return callback(null, target.address, target.family);
  };
}
