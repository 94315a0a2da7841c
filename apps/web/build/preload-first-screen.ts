import { resolve } from 'node:path';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import {
  FIRST_SCREEN_DATA_ID,
  type FirstScreen,
  type FirstScreenData,
} from '../src/app/first-screen-script/first-screen-data.ts';
import { type Bundle, chunkOf, entryChunk, localeFiles, staticClosure } from './bundle-chunks.ts';
import { inlineScript } from './inline-script.ts';

/**
 * The screens a visit usually starts on, by the paths of src/app/router.tsx: a shared link opens
 * an event's home, the installed app opens the start page. `api`: the API paths the screen reads
 * first, `$1` standing for the path's first group (src/lib/preloaded.ts).
 */
const FIRST_SCREENS = [
  { path: '^/$', source: 'src/pages/home-page.tsx', api: [] },
  {
    path: '^/event/([^/]+)/home$',
    source: 'src/features/events/components/event-home-page.tsx',
    api: ['/events/$1', '/currencies'],
  },
];

/** The first-screen script (src/app/first-screen-script/run-first-screen.ts) and how it starts. */
const SCRIPT_ENTRY = 'src/app/first-screen-script/inline-entry.ts';
/**
 * The most the script may weigh, minified (about 3.7 KB today): it is in every page, before the
 * first paint. More is a sign that it imports the app's heavier modules (i18next, React, MUI):
 * the rules it shares with the app are small files without imports.
 */
const SCRIPT_MAX_BYTES = 6_000;

/** What the first-screen script fetches, by the built files; `html` without the app's scripts. */
function firstScreenData(html: string, bundle: Bundle): { page: string; data: FirstScreenData } {
  // The app's entry and the code it imports, loaded by the first-screen script instead.
  const appCode = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entryScript?.[1]) throw new Error('index.html has no module script for the app');
  let page = html.replace(entryScript[0], '');
  for (const [tag] of appCode) page = page.replace(tag, '');
  const entry = entryChunk(bundle);
  const loaded = entry ? staticClosure(bundle, entry) : new Set<string>();
  const screens = FIRST_SCREENS.flatMap((screen): FirstScreen[] => {
    const chunk = chunkOf(bundle, screen.source);
    if (!chunk) return [];
    const files = [...staticClosure(bundle, chunk)].filter((file) => !loaded.has(file));
    return [[screen.path, files, screen.api]];
  });
  const app = appCode.flatMap(([, href]) => (href ? [href] : []));
  return { page, data: { entry: entryScript[1], app, screens, locales: localeFiles(bundle) } };
}

/**
 * Lets the browser fetch, with the app's own code, what the first screen needs and the app only
 * asks for once it runs: the texts of the person's language (i18n imports them on demand) and
 * the screen's lazily loaded code, picked by the URL. Each would otherwise be one more round
 * trip, in turn, on a phone's network. The first-screen script does it, inline in index.html's
 * head; it also decides, before the first paint, whether a screen the server rendered shows.
 */
export function preloadFirstScreen(): Plugin {
  let root = '';
  return {
    name: 'quits:preload-first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const { page, data } = firstScreenData(html, context.bundle ?? {});
        const script = await inlineScript(
          resolve(root, SCRIPT_ENTRY),
          resolve(root, 'tsconfig.json'),
        );
        if (script.length > SCRIPT_MAX_BYTES) {
          throw new Error(
            `The first-screen script is ${script.length} bytes, over ${SCRIPT_MAX_BYTES}`,
          );
        }
        const tags = [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: FIRST_SCREEN_DATA_ID },
            // "<" escaped: the data cannot end its element early.
            children: JSON.stringify(data).replaceAll('<', '\\u003c'),
            injectTo: 'head',
          },
          // Inline, so that it costs no request before the first paint, which it must precede:
          // it decides whether a rendered screen shows. The server's Content-Security-Policy
          // allows it by its hash (apps/server/src/http/inline-scripts.ts).
          { tag: 'script', children: script, injectTo: 'head' },
        ] satisfies HtmlTagDescriptor[];
        return { html: page, tags };
      },
    },
  };
}
