import { CacheProvider } from '@emotion/react';
import { useDirection } from '@web/lib/direction';
import type { ReactNode } from 'react';
import { emotionCache } from './emotion-caches';

/** Styles written for the current language's direction (emotion-caches.ts). */
export function DirectionStyles({ children }: { children: ReactNode }) {
  return <CacheProvider value={emotionCache(useDirection())}>{children}</CacheProvider>;
}
