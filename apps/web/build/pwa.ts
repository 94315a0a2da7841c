import { VitePWA } from 'vite-plugin-pwa';
import { MANIFEST, manifestWords } from './web-app-manifest.ts';

/**
 * The service worker (src/sw.ts, built to /sw.js with the precache list injected) and the web
 * app manifest, in English (web-app-manifest.ts writes the other languages'). Registration is
 * the app's own (src/pwa), after the first screen.
 */
export const pwa = () =>
  VitePWA({
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
    manifest: { ...MANIFEST, ...manifestWords().get('en') },
  });
