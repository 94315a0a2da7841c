import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { ManifestOptions } from 'vite-plugin-pwa';
import { directionOf, LANGUAGE_CODES } from '../../../packages/contract/src/languages.ts';

/** The words of the manifest in one language, and which way they run. */
interface ManifestWords {
  name: string;
  description: string;
  dir: 'ltr' | 'rtl';
}

const LOCALES_DIR = resolve(import.meta.dirname, '../src/locales');

/**
 * The manifest's words in each language Quits speaks (@quits/contract's languages.ts), from its
 * locale file (`manifest.name`, `.description`).
 */
export function manifestWords(): Map<string, ManifestWords> {
  const words = new Map<string, ManifestWords>();
  for (const language of LANGUAGE_CODES) {
    const locale = JSON.parse(readFileSync(join(LOCALES_DIR, `${language}.json`), 'utf8')) as {
      manifest: { name: string; description: string };
    };
    const { name, description } = locale.manifest;
    words.set(language, { name, description, dir: directionOf(language) });
  }
  return words;
}

/** Everything in the web app manifest but its words. */
export const MANIFEST: Partial<ManifestOptions> = {
  short_name: 'Quits',
  // The installed app opens the event used last (spec: /last-event), else the start page.
  // Addresses are relative to the manifest's own, beside the pages: at the root they are
  // /last-event and /, under a BASE_PATH /quits/last-event and /quits/.
  start_url: 'last-event',
  scope: './',
  display: 'standalone',
  theme_color: '#1f6f5c',
  background_color: '#f6f8f7',
  icons: [
    { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    {
      src: 'icons/icon-maskable-512.png',
      sizes: '512x512',
      type: 'image/png',
      purpose: 'maskable',
    },
  ],
};

/**
 * One manifest per language, `/manifest.{lang}.webmanifest`, beside the English default that
 * vite-plugin-pwa writes (pwa.ts); the app points `<link rel="manifest">` at the chosen
 * language's (src/pwa/manifest-language.ts), so an installed app is named in it.
 */
export function localisedManifests(): Plugin {
  return {
    name: 'quits:localised-manifests',
    apply: 'build',
    generateBundle() {
      for (const [language, words] of manifestWords()) {
        this.emitFile({
          type: 'asset',
          fileName: `manifest.${language}.webmanifest`,
          source: JSON.stringify({ ...MANIFEST, lang: language, ...words }),
        });
      }
    },
  };
}
