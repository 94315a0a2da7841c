import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import {
  defineConfig,
  type HtmlTagDescriptor,
  type IndexHtmlTransformContext,
  type Plugin,
  type Rolldown,
} from 'vite';
import { type ManifestOptions, VitePWA } from 'vite-plugin-pwa';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text the browser downloads; source maps are left out, only developer tools fetch them. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;
/** Below this the headers outweigh what compression saves. */
const MIN_BYTES = 1024;
/** index.html and the module it loads, src/main.tsx. */
const ENTRY_MODULE = /(index\.html|main\.tsx)$/;

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
function precompress(): Plugin {
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

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type OutputChunk = Rolldown.OutputChunk;

/** The chunk built from the module whose path ends with `source`. */
function chunkOf(bundle: Bundle, source: string): OutputChunk | undefined {
  return Object.values(bundle).find(
    (output): output is OutputChunk =>
      output.type === 'chunk' && (output.facadeModuleId ?? '').endsWith(source),
  );
}

/** `chunk`'s file and the files of every chunk it imports statically, as URLs. */
function staticClosure(bundle: Bundle, chunk: OutputChunk, seen = new Set<string>()): Set<string> {
  if (seen.has(`/${chunk.fileName}`)) return seen;
  seen.add(`/${chunk.fileName}`);
  for (const file of chunk.imports) {
    const imported = bundle[file];
    if (imported?.type === 'chunk') staticClosure(bundle, imported, seen);
  }
  return seen;
}

/**
 * The screens a visit usually starts on, by the paths of apps/web/src/app/router.tsx: a shared
 * link opens an event's home, the installed app opens the start page. `api`: the API paths the
 * screen reads first, `$1` standing for the path's first group (src/lib/preloaded.ts).
 */
const FIRST_SCREENS = [
  { path: '^/$', source: 'src/pages/home-page.tsx', api: [], whoAmI: null },
  {
    path: '^/event/([^/]+)/home$',
    source: 'src/features/events/components/event-home-page.tsx',
    api: ['/events/$1', '/currencies'],
    // Shown over the screen when this device has not said who it is in the event ($1).
    whoAmI: 'src/features/events/components/who-am-i-dialog.tsx',
  },
];

/** The element of index.html that carries what the first-screen script preloads, as JSON. */
const FIRST_SCREEN_DATA_ID = 'quits-first-screen';

/**
 * Adds `<link rel="modulepreload">` for the files of the first screen pattern matching the URL,
 * and for the texts of the language src/app/i18n.ts will choose, by its rule (the saved choice,
 * else the browser's language, else English), repeated here because this runs before any of the
 * app's code; on an event this device has not said who it is in (the `whoami` key), for the
 * "who are you?" dialog too. Asks the API for what that screen reads first, with the headers of
 * every call (src/lib/http.ts; the device id made as src/lib/device-id.ts makes it), and leaves
 * the answers in `window.quitsPreloaded` for the app to take (src/lib/preloaded.ts). Its own
 * file, not inline: the Content-Security-Policy allows no inline script. The file list is data
 * in index.html (`<script type="application/json">`, which never runs).
 */
const FIRST_SCREEN_SCRIPT = `(function () {
  var element = document.getElementById('${FIRST_SCREEN_DATA_ID}');
  var data;
  try { data = JSON.parse(element ? element.textContent : ''); } catch (error) { return; }
  var preload = function (href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  };
  var deviceId = function () {
    var device = null;
    try {
      device = localStorage.getItem('device_id');
      if (!device && window.crypto && crypto.randomUUID) {
        device = crypto.randomUUID();
        localStorage.setItem('device_id', device);
      }
    } catch (error) {}
    return device;
  };
  var ask = function (paths, group) {
    var device = paths.length > 0 && window.fetch ? deviceId() : null;
    if (!device) return;
    var headers = { 'X-Requested-With': 'XMLHttpRequest', 'Device-ID': device, 'Content-Type': 'application/json' };
    window.quitsPreloaded = window.quitsPreloaded || {};
    paths.forEach(function (template) {
      var path = template.replace('$1', group);
      var answer = fetch('/api' + path, { headers: headers });
      // A failure is the app's to report, when it takes the answer.
      answer.catch(function () {});
      window.quitsPreloaded[path] = { at: Date.now(), answer: answer };
    });
  };
  var knowsWhoItIs = function (group) {
    try {
      var records = JSON.parse(localStorage.getItem('whoami') || '[]');
      var eventId = decodeURIComponent(group);
      for (var r = 0; r < records.length; r++) if (records[r].event_id === eventId) return true;
    } catch (error) {}
    return false;
  };
  var screens = data.screens || [];
  for (var i = 0; i < screens.length; i++) {
    var match = new RegExp(screens[i][0]).exec(location.pathname);
    if (!match) continue;
    var group = match[1] || '';
    screens[i][1].forEach(preload);
    ask(screens[i][2] || [], group);
    var dialog = screens[i][3] || [];
    if (dialog.length > 0 && !knowsWhoItIs(group)) dialog.forEach(preload);
    break;
  }
  var files = data.locales || {};
  var saved = null;
  try { saved = localStorage.getItem('locale'); } catch (error) {}
  var browser = (navigator.language || '').split('-')[0];
  var has = function (code) { return Object.prototype.hasOwnProperty.call(files, code); };
  var href = files[has(saved) ? saved : has(browser) ? browser : 'en'];
  if (href) preload(href);
})();
`;

/** Named by its content, like the rest of assets/: cached for good, a change is a new URL. */
const FIRST_SCREEN_FILE = `assets/first-screen-${createHash('sha256')
  .update(FIRST_SCREEN_SCRIPT)
  .digest('hex')
  .slice(0, 10)}.js`;

/** The built file of each language's texts (src/locales/{code}.json), by language code. */
function localeFiles(bundle: Bundle): Record<string, string> {
  const files: Record<string, string> = {};
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk') continue;
    const code = /\/locales\/([a-z-]+)\.json$/i.exec(output.facadeModuleId ?? '')?.[1];
    if (code) files[code] = `/${output.fileName}`;
  }
  return files;
}

/**
 * Lets the browser fetch, with the app's own code, what the first screen needs and the app only
 * asks for once it runs: the texts of the person's language (i18n imports them on demand) and
 * the screen's lazily loaded code, picked by the URL. Each would otherwise be one more round
 * trip, in turn, on a phone's network.
 */
function preloadFirstScreen(): Plugin {
  return {
    name: 'quits:preload-first-screen',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'asset', fileName: FIRST_SCREEN_FILE, source: FIRST_SCREEN_SCRIPT });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle ?? {};
        const entry = Object.values(bundle).find(
          (output): output is OutputChunk => output.type === 'chunk' && output.isEntry,
        );
        const loaded = entry ? staticClosure(bundle, entry) : new Set<string>();
        const screens = FIRST_SCREENS.flatMap((screen) => {
          const chunk = chunkOf(bundle, screen.source);
          if (!chunk) return [];
          const files = [...staticClosure(bundle, chunk)].filter((file) => !loaded.has(file));
          const dialog = screen.whoAmI ? chunkOf(bundle, screen.whoAmI) : undefined;
          const dialogFiles = dialog
            ? [...staticClosure(bundle, dialog)].filter(
                (file) => !loaded.has(file) && !files.includes(file),
              )
            : [];
          return [[screen.path, files, screen.api, dialogFiles]];
        });
        // "<" escaped: the data cannot end its element early.
        const data = JSON.stringify({ screens, locales: localeFiles(bundle) }).replaceAll(
          '<',
          '\\u003c',
        );
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: FIRST_SCREEN_DATA_ID },
            children: data,
            injectTo: 'head',
          },
          // async: fetched beside the app's code, run as soon as it arrives, blocking nothing.
          { tag: 'script', attrs: { src: `/${FIRST_SCREEN_FILE}`, async: true }, injectTo: 'head' },
        ] satisfies HtmlTagDescriptor[];
      },
    },
  };
}

/** The manifest's texts in each language, from the locale files (`manifest.name`, `.description`). */
const LOCALES_DIR = resolve(import.meta.dirname, 'src/locales');
function manifestTexts(): Map<string, { name: string; description: string }> {
  const texts = new Map<string, { name: string; description: string }>();
  for (const file of readdirSync(LOCALES_DIR).filter((name) => name.endsWith('.json'))) {
    const locale = JSON.parse(readFileSync(join(LOCALES_DIR, file), 'utf8')) as {
      manifest: { name: string; description: string };
    };
    texts.set(file.replace(/\.json$/, ''), locale.manifest);
  }
  return texts;
}

/** Everything in the manifest but its words. */
const MANIFEST: Partial<ManifestOptions> = {
  short_name: 'Quits',
  // The installed app opens the event used last (spec: /last-event), else the start page.
  start_url: '/last-event',
  scope: '/',
  display: 'standalone',
  theme_color: '#1f6f5c',
  background_color: '#f6f8f7',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    {
      src: '/icons/icon-maskable-512.png',
      sizes: '512x512',
      type: 'image/png',
      purpose: 'maskable',
    },
  ],
};

/**
 * One manifest per language, `/manifest.{lang}.webmanifest`, beside the English default that
 * vite-plugin-pwa writes; the app points `<link rel="manifest">` at the chosen language's
 * (src/pwa/manifest-language.ts), so an installed app is named in it.
 */
function localisedManifests(): Plugin {
  return {
    name: 'quits:localised-manifests',
    apply: 'build',
    generateBundle() {
      for (const [language, words] of manifestTexts()) {
        this.emitFile({
          type: 'asset',
          fileName: `manifest.${language}.webmanifest`,
          source: JSON.stringify({ ...MANIFEST, lang: language, ...words }),
        });
      }
    },
  };
}

/**
 * The service worker (src/sw.ts, built to /sw.js with the precache list injected) and the web
 * app manifest. Registration is the app's own (src/pwa), after the first screen.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  injectManifest: {
    // Every screen's and language's code, so that any route opens offline; no maps, no copies.
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    globIgnores: ['**/*.map', '**/*.br', '**/*.gz'],
  },
  manifest: { ...MANIFEST, ...manifestTexts().get('en') },
});

// The API runs on the same origin in production; in development Vite forwards /api and the
// live-update sockets (/app) to it.
export default defineConfig({
  plugins: [react(), pwa, localisedManifests(), precompress(), preloadFirstScreen()],
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      // Live updates: the server's Pusher-protocol sockets.
      '/app': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The manifest lets scripts/check-bundle-size.mjs follow what each screen loads.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically is needed before anything shows: one file
          // instead of some twenty, each of which costs a round trip on a phone's network. The
          // entry module itself stays in the entry chunk, which the manifest names.
          groups: [{ name: 'app', tags: ['$initial'], test: (id) => !ENTRY_MODULE.test(id) }],
        },
      },
    },
  },
});
