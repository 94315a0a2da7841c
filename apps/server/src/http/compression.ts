import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Below this the headers outweigh what compression saves (as for the web app's files). */
const MIN_BYTES = 1024;
/**
 * Brotli's quality for answers made per request: 4 compresses JSON nearly as well as 11 at a
 * small part of the CPU. The web app's files are compressed once, at build time, at 11.
 */
const BROTLI_QUALITY = 4;
/** What is worth compressing: the API's JSON and any text the server writes itself. */
const COMPRESSIBLE_TYPE = /^(application\/(json|problem\+json)|text\/)/;

const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });

export type Encoding = 'br' | 'gzip';

/** The encoding an `Accept-Encoding` header prefers among ours, or null for none. */
export function acceptedEncoding(accepted: string | string[] | undefined): Encoding | null {
  if (typeof accepted !== 'string') return null;
  const encoding = encodings.negotiate(accepted);
  return encoding === 'br' || encoding === 'gzip' ? encoding : null;
}

/** An answer compressed whole, in zlib's threads. */
export function packWhole(payload: string | Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipped(payload);
  return brotli(payload, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(payload),
    },
  });
}

/** Adds `Accept-Encoding` to the Vary header: caches keep the plain and packed answers apart. */
export function varyOnEncoding(current: unknown): string {
  const names = typeof current === 'string' ? current : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(names)) return names;
  return names ? `${names}, Accept-Encoding` : 'Accept-Encoding';
}

/**
 * Compresses the answers the server writes whole (brotli, else gzip, as the client accepts): an
 * event's JSON is about a tenth of its size compressed, and on a phone's network the download
 * is what waits. Streams pass as they are (the web app's files are sent precompressed, receipt
 * images are already compressed). Compressed whole, in zlib's threads, rather than piped: a
 * client that goes away mid-answer is nothing to report.
 */
export function installCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const size = Buffer.byteLength(payload);
    if (size < MIN_BYTES) return payload;
    reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding === null) return payload;
    const packed = await packWhole(payload, encoding);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    // A strong ETag names these exact bytes; the packed answer has other bytes and the same
    // meaning, so its tag is weak (as nginx does). If-None-Match compares either way.
    const etag = reply.getHeader('etag');
    if (typeof etag === 'string' && etag.startsWith('"')) reply.header('etag', `W/${etag}`);
    return packed;
  });
}
