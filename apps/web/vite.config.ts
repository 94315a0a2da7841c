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
import { RENDER_AGAIN_CLASS, RENDERED_FIRST_SCREEN_ID } from './src/lib/rendered-first-screen';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text the browser downloads; source maps are left out, only developer tools fetch them. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;
/** Below this the headers outweigh what compression saves. */
const MIN_BYTES = 1024;
/** index.html and the module it loads, src/main.tsx. */
const ENTRY_MODULE = /(index\.html|main\.tsx)$/;
/** A feature's entry, what it offers the others (src/features/{feature}/index.ts). */
const FEATURE_ENTRY = /\/src\/features\/[^/]+\/index\.ts$/;

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
  { path: '^/$', source: 'src/pages/home-page.tsx', api: [] },
  {
    path: '^/event/([^/]+)/home$',
    source: 'src/features/events/components/event-home-page.tsx',
    api: ['/events/$1', '/currencies'],
  },
];

/** The element of index.html that carries what the first-screen script preloads, as JSON. */
const FIRST_SCREEN_DATA_ID = 'quits-first-screen';

/**
 * Runs first, inline in index.html's head (the server's Content-Security-Policy allows it by its
 * hash). Fetches the app's code (the entry, taken out of the page by the plugin below), the code
 * of the first screen pattern matching the URL, and the texts of the language src/app/i18n.ts will
 * choose, by its rule (the saved choice, else the browser's language, else English), repeated
 * here because this runs before any of the app's code. Asks the API for what that screen reads
 * first, with the headers of every call (src/lib/http.ts; the device id made as
 * src/lib/device-id.ts makes it), and leaves the answers in `window.quitsPreloaded` for the app
 * to take (src/lib/preloaded.ts) — unless the server rendered the screen (src/ssr) and sent them
 * with the page. Then, before the first paint, it hides that screen when this device is not the
 * one it was rendered for (src/lib/rendered-first-screen.ts), and otherwise fetches the code only
 * once the screen has painted. The file list is data in index.html (`<script
 * type="application/json">`, which never runs).
 */
const FIRST_SCREEN_SCRIPT = `(function () {
  var element = document.getElementById('${FIRST_SCREEN_DATA_ID}');
  var data;
  try { data = JSON.parse(element ? element.textContent : ''); } catch (error) { return; }
  // The app's code and the screen's, in the order they are wanted: fetched by load() below.
  var code = (data.app || []).slice();
  var preload = function (href) { code.push(href); };
  var addPreload = function (href) {
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
  // A first screen the server rendered (src/lib/rendered-first-screen.ts) came with its answers.
  var rendered = null;
  try {
    var renderedElement = document.getElementById('${RENDERED_FIRST_SCREEN_ID}');
    if (renderedElement) rendered = JSON.parse(renderedElement.textContent);
  } catch (error) {}
  var ask = function (templates, group) {
    var paths = templates.map(function (template) { return template.replace('$1', group); })
      .filter(function (path) { return !(rendered && rendered.answers && path in rendered.answers); });
    var device = paths.length > 0 && window.fetch ? deviceId() : null;
    if (!device) return;
    var headers = { 'X-Requested-With': 'XMLHttpRequest', 'Device-ID': device, 'Content-Type': 'application/json' };
    window.quitsPreloaded = window.quitsPreloaded || {};
    paths.forEach(function (path) {
      var answer = fetch('/api' + path, { headers: headers });
      // A failure is the app's to report, when it takes the answer.
      answer.catch(function () {});
      window.quitsPreloaded[path] = { at: Date.now(), answer: answer };
    });
  };
  var whoAmI = function (group) {
    try {
      var records = JSON.parse(localStorage.getItem('whoami') || '[]');
      var eventId = decodeURIComponent(group);
      for (var r = 0; r < records.length; r++) if (records[r].event_id === eventId) return records[r].id;
    } catch (error) {}
    return null;
  };
  var screens = data.screens || [];
  // The URL's event, when it is a screen's (the event home's).
  var renderedGroup = null;
  for (var i = 0; i < screens.length; i++) {
    var match = new RegExp(screens[i][0]).exec(location.pathname);
    if (!match) continue;
    var group = match[1] || '';
    renderedGroup = group;
    screens[i][1].forEach(preload);
    ask(screens[i][2] || [], group);
    break;
  }
  var files = data.locales || {};
  var saved = null;
  try { saved = localStorage.getItem('locale'); } catch (error) {}
  var browser = (navigator.language || '').split('-')[0];
  var has = function (code) { return Object.prototype.hasOwnProperty.call(files, code); };
  var language = has(saved) ? saved : has(browser) ? browser : 'en';
  if (files[language]) preload(files[language]);
  var sameDevice = false;
  // Before the page paints: a screen rendered for another device (theme, language, width, who
  // it is) is hidden, and the app draws it again (src/main.tsx).
  if (rendered) {
    var device = rendered.renderedFor || {};
    var theme = null;
    try { theme = localStorage.getItem('theme'); } catch (error) {}
    var dark = window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches;
    var mode = theme === 'light' || theme === 'dark' ? theme : dark ? 'dark' : 'light';
    var wide = window.matchMedia && matchMedia('(min-width: 600px)').matches;
    var same = rendered.path === location.pathname && mode === device.mode &&
      language === device.language && navigator.language === device.locale && !wide &&
      renderedGroup !== null && whoAmI(renderedGroup) === device.whoami;
    if (!same) document.documentElement.classList.add('${RENDER_AGAIN_CLASS}');
    sameDevice = same;
    // Until the app takes the rendered screen over, its buttons do nothing: the last one tapped
    // is kept, and tapped again once the app runs (src/lib/early-taps.ts).
    if (same) {
      document.addEventListener('click', function (event) {
        var target = event.target;
        var button = target && target.closest ? target.closest('#root button, #root [role="button"]') : null;
        if (button && !window.quitsTakenOver) window.quitsEarlyTap = button;
      }, true);
    }
    // The first money format loads the browser's number data (tens of ms on a phone): loaded
    // now, before the first paint, not in the middle of the app's first render.
    try {
      var event = rendered.answers['/events/' + renderedGroup].data;
      new Intl.NumberFormat(device.locale, { style: 'currency', currency: event.currency_id }).format(1);
    } catch (error) {}
  }
  var loaded = false;
  var load = function () {
    if (loaded) return;
    loaded = true;
    code.forEach(addPreload);
    var run = function () {
      var entry = document.createElement('script');
      entry.type = 'module';
      entry.crossOrigin = '';
      entry.src = data.entry;
      document.head.appendChild(entry);
    };
    // As a module script in the page would: once the page is read (the app needs #root).
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run);
    else run();
  };
  // A screen the server rendered shows before the app's code is needed: that code is fetched
  // once the screen has painted, so that on a slow network it does not share the bandwidth with
  // the page itself. Any other page needs the code at once.
  if (sameDevice && document.visibilityState === 'visible') {
    requestAnimationFrame(function () { setTimeout(load, 0); });
    setTimeout(load, 200);
  } else {
    load();
  }
})();
`;

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
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        // The app's entry and the code it imports, loaded by the first-screen script instead.
        const appCode = [
          ...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g),
        ];
        const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(
          html,
        );
        if (!entryScript) throw new Error('index.html has no module script for the app');
        let page = html.replace(entryScript[0], '');
        for (const [tag] of appCode) page = page.replace(tag, '');
        const entry = Object.values(bundle).find(
          (output): output is OutputChunk => output.type === 'chunk' && output.isEntry,
        );
        const loaded = entry ? staticClosure(bundle, entry) : new Set<string>();
        const screens = FIRST_SCREENS.flatMap((screen) => {
          const chunk = chunkOf(bundle, screen.source);
          if (!chunk) return [];
          const files = [...staticClosure(bundle, chunk)].filter((file) => !loaded.has(file));
          return [[screen.path, files, screen.api]];
        });
        // "<" escaped: the data cannot end its element early.
        const data = JSON.stringify({
          entry: entryScript[1],
          app: appCode.map(([, href]) => href),
          screens,
          locales: localeFiles(bundle),
        }).replaceAll('<', '\\u003c');
        const tags = [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: FIRST_SCREEN_DATA_ID },
            children: data,
            injectTo: 'head',
          },
          // Inline, so that it costs no request before the first paint, which it must precede:
          // it decides whether a rendered screen shows. The server's Content-Security-Policy
          // allows it by its hash (apps/server/src/http/inline-scripts.ts).
          { tag: 'script', children: FIRST_SCREEN_SCRIPT, injectTo: 'head' },
        ] satisfies HtmlTagDescriptor[];
        return { html: page, tags };
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

/**
 * The server's render of a shared link's first screen (src/ssr), built for Node beside the app:
 * `vite build --ssr`.
 */
const serverRender = defineConfig({
  plugins: [react()],
  // `@web/…` imports, from tsconfig.json.
  resolve: { tsconfigPaths: true },
  // The browser's files are the browser build's (dist/).
  publicDir: false,
  // Bundled whole, React, MUI and Emotion included, and in their production mode whatever the
  // server's NODE_ENV: the markup must be the browser build's, class names and all.
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/ssr/render-first-screen.tsx',
    outDir: 'dist-ssr',
    target: 'node20',
    sourcemap: true,
  },
});

// The API runs on the same origin in production; in development Vite forwards /api and the
// live-update sockets (/app) to it.
const browserApp = defineConfig({
  plugins: [react(), pwa, localisedManifests(), precompress(), preloadFirstScreen()],
  resolve: { tsconfigPaths: true },
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
      // A feature's entry (src/features/*/index.ts) only re-exports: importing one thing through
      // it must bring in that thing alone, each in the chunk it was in.
      treeshake: { moduleSideEffects: [{ test: FEATURE_ENTRY, sideEffects: false }] },
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

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRender : browserApp));
