import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text the browser downloads; source maps are left out, only developer tools fetch them. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;
/** Below this the headers outweigh what compression saves. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return (
    entries
      // .vite/ holds the manifest, which the server never sends.
      .filter((entry) => entry.isFile() && !entry.parentPath.split(sep).includes('.vite'))
      .map((entry) => join(entry.parentPath, entry.name))
  );
}

/** Writes `file.br` and `file.gz` when they are smaller than `file`. */
async function compressFile(file: string): Promise<void> {
  const source = await readFile(file);
  if (source.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipped(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < source.length) await writeFile(`${file}.br`, br);
  if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
}

/**
 * Compresses the build once, at the best (slowest) levels, so that the server sends the
 * `.br` or `.gz` beside each file as it is (@fastify/static's `preCompressed`) instead of
 * compressing on every request: on a slow phone network the download is most of the first load.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'quits:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // Last, once every other plugin has written its files (the service worker among them).
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
        await Promise.all(files.map(compressFile));
      },
    },
  };
}
