import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this the headers outweigh what compression saves (as for the web app's files). */
const MIN_BYTES = 1024;
/**
 * Brotli's quality for answers made per request: 4 compresses JSON nearly as well as 11 at a
 * small part of the CPU. The web app's files are compressed once, at build time, at 11.
 */
const BROTLI_QUALITY = 4;

/**
 * Compresses the API's answers (brotli, else gzip, as the client accepts): an event's JSON is
 * about a tenth of its size compressed, and on a phone's network the download is what waits.
 * Files that are already compressed (the web app's `.br`/`.gz`, receipt images) pass as they
 * are: the plugin skips an answer that has a Content-Encoding or a type that does not compress.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: MIN_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
}
