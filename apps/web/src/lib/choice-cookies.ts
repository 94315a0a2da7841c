import { basePath } from './base-path';

/**
 * The device's choices that change how a first screen looks, mirrored from local storage (where
 * the spec keeps them) into cookies, so that the server can render a shared link's first screen
 * as this device will show it (src/ssr). They say nothing the link does not: no cookie is ever
 * needed, and the server reads them only to render.
 */
export const CHOICE_COOKIES = { theme: 'theme', locale: 'locale', whoami: 'whoami' } as const;

/** A year: as long as local storage keeps them, in practice. */
const MAX_AGE_S = 365 * 24 * 60 * 60;

/** `path` is the app's, under the base path it is served at (lib/base-path.ts). */
function writeCookie(name: string, value: string | null, path = '/'): void {
  const age = value === null ? 0 : MAX_AGE_S;
  const scope = `${basePath()}${path}`;
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the app supports
    document.cookie = `${name}=${encodeURIComponent(value ?? '')}; path=${scope}; max-age=${age}; samesite=lax`;
  } catch {
    // A page without cookies renders on the device only, as before.
  }
}

export const mirrorTheme = (mode: string | null) => writeCookie(CHOICE_COOKIES.theme, mode);
export const mirrorLocale = (language: string | null) =>
  writeCookie(CHOICE_COOKIES.locale, language);

/** Who this device is in one event: sent only with that event's pages. */
export function mirrorWhoAmI(eventId: string, personId: string | null): void {
  writeCookie(CHOICE_COOKIES.whoami, personId, `/event/${encodeURIComponent(eventId)}/`);
}
