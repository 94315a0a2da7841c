import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { localeParts } from './build/locale-parts.ts';
import { precompress } from './build/precompress.ts';
import { preloadFirstScreen } from './build/preload-first-screen.ts';
import { pwa } from './build/pwa.ts';
import { localisedManifests } from './build/web-app-manifest.ts';

/** index.html and the module it loads, src/main.tsx. */
const ENTRY_MODULE = /(index\.html|main\.tsx)$/;
/** A feature's entry, what it offers the others (src/features/{feature}/index.ts). */
const FEATURE_ENTRY = /\/src\/features\/[^/]+\/index\.ts$/;

/**
 * The server's render of a shared link's first screen (src/ssr), built for Node beside the app:
 * `vite build --ssr`.
 */
const serverRender = defineConfig({
  plugins: [react(), localeParts()],
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
// live-update sockets (/app) to it. The build's own steps are plugins in build/.
const browserApp = defineConfig({
  // Addresses relative to the page's <base href> (index.html), which the server sets to its
  // BASE_PATH: one build serves at the root of a host or under a path such as /quits/.
  base: './',
  plugins: [
    react(),
    localeParts(),
    pwa(),
    localisedManifests(),
    precompress(),
    preloadFirstScreen(),
  ],
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
      // A feature's entry only re-exports: one thing imported through it brings that thing alone.
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
