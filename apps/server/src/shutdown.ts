import type { DatabaseHandle } from '@server/db/connection';
import type { FastifyInstance } from 'fastify';

/** After the timeout, what is still open is cut; past this as much again, the process exits. */
const HARD_EXIT_AFTER_TIMEOUT_MS = 5_000;

export interface ShutdownOptions {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** How long requests in flight may take to finish. */
  timeoutMs: number;
  exit?: (code: number) => void;
}

/**
 * Stops the server on SIGTERM or SIGINT without dropping work: it stops accepting connections
 * (requests arriving meanwhile on open ones get a 503), closes idle keep-alive sockets, tells
 * live-update sockets to reconnect (4200, elsewhere or later), lets requests in flight finish
 * and their writes commit, waits for push notifications under way, and closes the database
 * last. Whatever is still open after `timeoutMs` is cut.
 */
export function stopOnSignals(options: ShutdownOptions): void {
  const { app, database, timeoutMs, exit = (code) => process.exit(code) } = options;
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const cut = setTimeout(() => {
      app.log.warn({ timeoutMs }, 'requests still in flight at the shutdown timeout; cut');
      app.server.closeAllConnections();
      setTimeout(() => exit(1), HARD_EXIT_AFTER_TIMEOUT_MS).unref();
    }, timeoutMs);
    cut.unref();
    // No new connection from now on, before the live-update sockets are told to go elsewhere
    // (the app's preClose): Fastify itself stops listening only after its preClose hooks, and a
    // client sent away would meanwhile connect here again. Requests on connections already open
    // get a 503; the close below still waits for those in flight.
    app.server.close();
    let code = 0;
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'the server did not close cleanly');
      code = 1;
    }
    clearTimeout(cut);
    try {
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'the database did not close cleanly');
      code = 1;
    }
    app.log.info('stopped');
    exit(code);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}
