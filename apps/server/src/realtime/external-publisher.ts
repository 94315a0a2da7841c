import { ConfigError } from '@server/config';
import type { FastifyBaseLogger } from 'fastify';
import Pusher from 'pusher';
import type { Broadcast } from './broadcasts';
import type { RealtimeEnvironment } from './realtime-config';

/** Where an external Pusher-compatible server takes triggers and browsers connect. */
export interface ExternalPusher {
  appId: string;
  key: string;
  secret: string;
  host: string;
  port: number;
  useTLS: boolean;
}

const NEEDED = [
  'PUSHER_APP_ID',
  'PUSHER_KEY',
  'PUSHER_SECRET',
  'PUSHER_HOST',
  'PUSHER_PORT',
] as const;

/**
 * The external server when every `PUSHER_*` variable it needs is set; null when none of
 * `PUSHER_APP_ID`, `PUSHER_HOST` and `PUSHER_PORT` is (the built-in broadcaster serves). A
 * ConfigError names what is missing in between, rather than serving without live updates.
 */
export function externalPusher(config: RealtimeEnvironment): ExternalPusher | null {
  const { PUSHER_APP_ID: appId, PUSHER_KEY: key, PUSHER_SECRET: secret } = config;
  const { PUSHER_HOST: host, PUSHER_PORT: port, PUSHER_SCHEME: scheme } = config;
  if (appId === undefined && host === undefined && port === undefined) return null;
  if (!appId || !key || !secret || !host || !port) {
    const missing = NEEDED.filter((name) => config[name] === undefined);
    throw new ConfigError(
      `Invalid configuration: an external Pusher server needs ${missing.join(', ')} too.`,
    );
  }
  const useTLS = config.PUSHER_USE_TLS ?? scheme === 'https';
  if (scheme !== undefined && useTLS !== (scheme === 'https')) {
    throw new ConfigError('Invalid configuration: PUSHER_SCHEME and PUSHER_USE_TLS disagree.');
  }
  return { appId, key, secret, host, port, useTLS };
}

/** Pusher's HTTP API takes at most 10 events per batch. */
const BATCH = 10;
/** Triggers waiting to be sent past which new ones are dropped (the server is unreachable). */
const MAX_WAITING = 1_000;

/**
 * Publishes this instance's changes to an external Pusher-compatible server (Soketi, Reverb,
 * Pusher), which fans them out to every client: each instance sends only its own writes. Sent
 * one request at a time so that one event's messages keep their order.
 */
export class ExternalPublisher {
  readonly #pusher: Pusher;
  #queue: Promise<void> = Promise.resolve();
  #waiting = 0;

  constructor(
    target: ExternalPusher,
    private readonly log: FastifyBaseLogger,
  ) {
    this.#pusher = new Pusher({
      appId: target.appId,
      key: target.key,
      secret: target.secret,
      host: target.host,
      port: String(target.port),
      useTLS: target.useTLS,
      timeout: 5_000,
    });
  }

  publish(channel: string, broadcasts: readonly Broadcast[]): void {
    for (let start = 0; start < broadcasts.length; start += BATCH) {
      const batch = broadcasts
        .slice(start, start + BATCH)
        .map(({ name, data }) => ({ channel, name, data }));
      if (this.#waiting >= MAX_WAITING) {
        this.log.warn({ dropped: batch.length }, 'the Pusher server is not keeping up; dropped');
        continue;
      }
      this.#waiting += 1;
      this.#queue = this.#queue.then(async () => {
        try {
          await this.#pusher.triggerBatch(batch);
        } catch (error) {
          this.log.warn({ err: error }, 'could not publish to the Pusher server');
        } finally {
          this.#waiting -= 1;
        }
      });
    }
  }

  /** Resolves once everything queued so far was sent (or failed). */
  async flush(): Promise<void> {
    await this.#queue;
  }
}
