/**
 * The path the app is served under: '' at the root of its host, '/quits' when the server runs
 * with BASE_PATH=/quits behind a proxy. The server writes it into every page as
 * `<base href="/quits/">`, which the built files' relative addresses already follow; the few
 * addresses the app makes itself (the API, the router's paths) follow it through here.
 */
export function basePath(): string {
  return typeof document === 'undefined' ? '' : basePathOf(document.baseURI);
}

/** The base path of a page whose base URL (`document.baseURI`) is `baseUri`. */
export function basePathOf(baseUri: string): string {
  return new URL(baseUri).pathname.replace(/\/+$/, '');
}

/** The address of an API path (`/events/…`): `/api/events/…` under the base path. */
export function apiUrl(path: string): string {
  return `${basePath()}/api${path}`;
}

/** A path of the browser's address bar as the app's routes read it: without the base path. */
export function appPathOf(pathname: string, base = basePath()): string {
  if (base === '' || !pathname.startsWith(base)) return pathname;
  return pathname.slice(base.length) || '/';
}

/** The full link of an app path, to share: origin, base path and path. */
export function appLink(path: string): string {
  return `${location.origin}${basePath()}${path}`;
}
