import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';

export interface ProcessGuardOptions {
  log: FastifyBaseLogger;
  /** The process (a stand-in in tests). */
  target?: EventEmitter;
  exit?: (code: number) => void;
}

/**
 * The last line behind the listeners, each of which catches its own failures (the socket
 * server, the change stream, timers, workers): reaching this is a bug, and it is logged as one,
 * in the server's JSON log with its stack, where Node would only print it.
 * - A promise rejected with nobody to handle it: logged, and the server keeps serving. The work
 *   it belonged to has failed already; exiting (Node's default) would end every other client's
 *   requests and sockets too, and would let any client that finds such a path stop the server.
 * - An exception thrown out of a listener: logged as fatal, then the process exits (1) as Node
 *   would, for the supervisor to start it again: the code it left mid-way may have left shared
 *   state half-changed, which only a restart clears.
 */
export function installProcessGuards(options: ProcessGuardOptions): void {
  const { log, target = process, exit = (code) => process.exit(code) } = options;
  target.on('unhandledRejection', (reason: unknown) => {
    log.error({ err: reason }, 'a promise was rejected with nobody to handle it; still serving');
  });
  target.on('uncaughtException', (error: Error) => {
    log.fatal({ err: error }, 'an exception escaped every handler; exiting');
    exit(1);
  });
}
