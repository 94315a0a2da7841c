import type { Config } from '@server/config';
import { externalPusher } from '@server/realtime/external-publisher';

export type CspDirectives = Record<string, string[]>;

/**
 * Where the web app may open its live-update socket beyond its own origin: the external
 * Pusher server when one is configured, and the public address's own ws(s) origin (older
 * WebKit did not count ws: and wss: as 'self').
 */
function socketOrigins(config: Config): string[] {
  const origins: string[] = [];
  const external = externalPusher(config);
  if (external) {
    const scheme = external.useTLS ? 'wss' : 'ws';
    origins.push(`${scheme}://${external.host}:${external.port}`);
  }
  if (config.PUBLIC_URL) {
    const url = new URL(config.PUBLIC_URL);
    origins.push(`${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`);
  }
  return origins;
}

/**
 * The web app's Content-Security-Policy. Scripts come only from this origin, by file, but for
 * the inline scripts of the built index.html, each allowed by its hash (inline-scripts.ts). Styles allow 'unsafe-inline': MUI's Emotion inserts `<style>`
 * elements at run time, and the nonce that would allow them instead cannot work for a page
 * that is one static file precached by the service worker (see docs/SECURITY.md). Images are
 * this origin's, `data:` (icons) and `blob:` (photos of receipts before upload).
 */
export function contentSecurityPolicy(config: Config, scriptHashes: string[] = []): CspDirectives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...socketOrigins(config)],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  };
}

/** The directives as the header writes them. */
export function serialiseCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}
