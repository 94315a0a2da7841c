// Compiles the server to JavaScript in apps/server/dist, for `node apps/server/dist/server.js`:
// the server and each worker thread's entry bundled with the workspace packages (@quits/*) and
// the `@server/…` paths; npm packages stay imports, installed as the server's dependencies.
//
// dist/ keeps src/'s layout for everything found at run time by a path: the workers beside their
// callers, db/migrations copied, and `../../data`, `../package.json` and `../../web/dist` reached
// from the same depth. Bundling moves code into one file, so each module's `import.meta.url` is
// turned into the address its own file would have in dist/: paths relative to it keep working.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { dirname, extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = join(root, 'apps/server/src');
const output = join(root, 'apps/server/dist');

/** Each entry, by its path under src/; its bundle lands at the same path under dist/. */
const ENTRIES = [
  'server.ts',
  'work/work-tasks.ts',
  'work/pool-worker.mjs',
  'receipts/heic-worker.mjs',
  'attachments/pdf-clean-worker.mjs',
];

/** `a/b.ts` → `a/b.js`: the name a source file would have compiled, in dist/. */
function compiledName(path) {
  return extname(path) === '.ts' ? `${path.slice(0, -3)}.js` : path;
}

/** npm packages and Node's own modules stay imports; the workspace's own packages and paths are bundled. */
const npmPackagesOutside = {
  name: 'npm-packages-outside',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      if (path.startsWith('@quits/') || path.startsWith('@server/')) return undefined;
      return { external: true };
    });
  },
};

/** Rewrites `import.meta.url` in the server's sources to where their file would be in dist/. */
function importMetaOfSource(entryOut) {
  return {
    name: 'import-meta-of-source',
    setup(esbuild) {
      esbuild.onLoad({ filter: /\.(ts|mjs)$/ }, ({ path }) => {
        if (!path.startsWith(source + sep)) return undefined;
        const text = readFileSync(path, 'utf8');
        const loader = path.endsWith('.ts') ? 'ts' : 'js';
        if (!text.includes('import.meta.url')) return { contents: text, loader };
        const own = join(output, compiledName(relative(source, path)));
        let fromEntry = relative(dirname(entryOut), own).split(sep).join('/');
        if (!fromEntry.startsWith('.')) fromEntry = `./${fromEntry}`;
        const address = `new URL(${JSON.stringify(fromEntry)}, import.meta.url).href`;
        return { contents: text.replaceAll('import.meta.url', address), loader };
      });
    },
  };
}

rmSync(output, { recursive: true, force: true });
await Promise.all(
  ENTRIES.map((entry) => {
    const outfile = join(output, compiledName(entry));
    return build({
      entryPoints: [join(source, entry)],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      tsconfig: join(root, 'tsconfig.json'),
      plugins: [npmPackagesOutside, importMetaOfSource(outfile)],
      logLevel: 'warning',
      legalComments: 'none',
    });
  }),
);
cpSync(join(source, 'db/migrations'), join(output, 'db/migrations'), { recursive: true });
console.log(`Compiled the server into ${relative(root, output)}/`);
