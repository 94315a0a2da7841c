import createCache, { type EmotionCache } from '@emotion/cache';
import { directionOf, type TextDirection } from '@quits/contract/language-direction';

let caches: Partial<Record<TextDirection, EmotionCache>> = {};
let createRtlCache: (() => EmotionCache) | null = null;
let loading: Promise<unknown> | null = null;

/**
 * Loads what the styles of `language`'s direction need before it shows: right to left, the
 * cache that mirrors every rule (a few KB that left-to-right languages never download). The app
 * awaits it before its first render and before a switch of language (app/i18n.ts,
 * shell/drawer-preferences.tsx), the server before it renders (ssr/server-i18n.ts).
 */
export async function prepareDirection(language: string): Promise<void> {
  if (directionOf(language) !== 'rtl' || createRtlCache) return;
  loading ??= import('./rtl-style-cache').then(
    (module) => {
      createRtlCache = module.createRtlCache;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  await loading;
}

/**
 * The style cache of a direction, one each, made when first asked for: right to left, every rule
 * is mirrored (`margin-left` becomes `margin-right`…) under its own key (`rtl`), so that the two
 * never mix; until `prepareDirection` has loaded it, right to left gets the left-to-right styles.
 */
export function emotionCache(direction: TextDirection): EmotionCache {
  const rtl = direction === 'rtl' && createRtlCache;
  const key = rtl ? 'rtl' : 'ltr';
  let cache = caches[key];
  if (!cache) {
    cache = rtl ? rtl() : createCache({ key: 'css' });
    caches[key] = cache;
  }
  return cache;
}

/** Forgets the caches: the server's render starts each page with empty ones. */
export function forgetEmotionCaches(): void {
  caches = {};
}
