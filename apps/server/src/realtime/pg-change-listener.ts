import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import {
  CHANGE_CHANNEL,
  type ChangeNotice,
  decodeNotice,
  PUSH_SUBSCRIPTION_CHANNEL,
} from './change-channel';

/**
 * Listens on PostgreSQL for changes committed by any server instance, reconnecting after a
 * failure. `onState` says when the stream is whole (LISTEN active) and when it broke, so that
 * whatever depends on not missing a change can stop relying on it meanwhile. Saved push
 * subscriptions arrive on the same connection (`onSubscribed`, with the event id).
 */
export function listenForChanges(options: {
  url: string;
  log: FastifyBaseLogger;
  onNotice: (notice: ChangeNotice) => void;
  onSubscribed: (eventId: string) => void;
  onState: (whole: boolean) => void;
}): { stop(): Promise<void> } {
  const { url, log, onNotice, onSubscribed, onState } = options;
  let client: pg.Client | null = null;
  let stopped = false;
  let retryDelay = 250;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    client = next;
    // Called from the connection's socket: a throw here would end the process.
    next.on('notification', (message) => {
      try {
        if (message.channel === PUSH_SUBSCRIPTION_CHANNEL) {
          if (message.payload) onSubscribed(message.payload);
          return;
        }
        const notice = decodeNotice(message.payload);
        if (notice) onNotice(notice);
      } catch (error) {
        log.error({ err: error }, 'could not take a change notice');
      }
    });
    next.on('error', (error) => broken(next, error));
    next.on('end', () => broken(next, new Error('connection ended')));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}; LISTEN ${PUSH_SUBSCRIPTION_CHANNEL}`);
      retryDelay = 250;
      tellState(true);
    } catch (error) {
      broken(next, error);
    }
  };

  const tellState = (whole: boolean) => {
    try {
      onState(whole);
    } catch (error) {
      log.error({ err: error, whole }, 'could not take the change stream state');
    }
  };

  const broken = (which: pg.Client, error: unknown) => {
    if (client !== which || stopped) return;
    client = null;
    tellState(false);
    log.warn({ err: error, retryInMs: retryDelay }, 'change stream lost; reconnecting');
    which.end().catch(() => {});
    timer = setTimeout(() => void connect(), retryDelay);
    timer.unref();
    retryDelay = Math.min(retryDelay * 2, 10_000);
  };

  void connect();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      onState(false);
      await current?.end().catch(() => {});
    },
  };
}
