import { bodyOf, say } from '@server/http/http-error';
import { routePathOf } from '@server/http/request-path';
import type { FastifyInstance } from 'fastify';
import type { DiskSpace } from './disk-space';

/** What a refused client is asked to wait: space comes back when an operator makes room. */
const RETRY_AFTER_SECONDS = 60;

/**
 * A stored body takes about this many times its size at first: the database writes it to its
 * log and to its table, and may copy whole pages at a checkpoint.
 */
const STORED_PER_BODY_BYTE = 3;

/** Writes that store nothing: a live-update channel's signature. */
const STORES_NOTHING = new Set(['/api/broadcasting/auth']);

const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

/**
 * Below the disk's floor of free space, or when this request's body would take it there, every
 * write under /api is refused at once with 507 and a message, before its body is read; reads go
 * on. A database that runs out of space in the middle of a write loses that write only, but it
 * may not be able to start again until it has room, and nothing else may write either: the
 * floor keeps the disk from getting there.
 */
export function installDiskFloor(app: FastifyInstance, disk: DiskSpace): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isWrite(request.method)) return;
    const path = routePathOf(request);
    if (!path.startsWith('/api/') || STORES_NOTHING.has(path)) return;
    const bodyBytes = Number(request.headers['content-length'] ?? 0) || 0;
    const low = await disk.tooFullFor(bodyBytes * STORED_PER_BODY_BYTE);
    if (!low) return;
    request.log.warn(
      { freeBytes: low.freeBytes, floorBytes: low.floorBytes },
      'write refused: the disk is nearly full',
    );
    return reply
      .status(507)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send(bodyOf(say('disk_low')));
  });
}
