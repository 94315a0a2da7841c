/**
 * A push endpoint taken apart exactly as the server will use it: the name it resolves and
 * connects to, and the path it posts to. The server never hands a library the URL text to parse
 * again (two parsers reading one string two ways is how `https://127.0.0.1;.x/` once reached
 * the server's own network).
 */
export interface PushEndpointParts {
  /** A DNS name in lower case: letters, digits, hyphens and dots; never an IP address. */
  host: string;
  /** Path and query, as sent: starts with "/". */
  path: string;
}

// One label of a DNS name: 1–63 letters, digits and inner hyphens.
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
// The last label starts with a letter, so no dotted or hexadecimal IPv4 form (127.1, 0x7f.1)
// ever passes as a name; every top-level domain does.
const HOST = `(?:${LABEL}\\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?`;
// Path and query: the characters RFC 3986 allows there, percent escapes included. No space,
// backslash, fragment, or anything an HTTP client would escape or refuse.
const PATH = "/[A-Za-z0-9\\-._~!$&'()*+,;=:@%/]*(?:\\?[A-Za-z0-9\\-._~!$&'()*+,;=:@%/?]*)?";
const ENDPOINT = new RegExp(`^https://(${HOST})(?::443)?(${PATH})?$`, 'i');

/** The longest DNS name (RFC 1035). */
const MAX_HOST = 253;

/**
 * An https URL on port 443 (or none) whose host is a plain DNS name: no IP address, no user
 * name or password, no other port, no character a URL parser could read another way. Null for
 * anything else.
 */
export function parsePushEndpoint(raw: string): PushEndpointParts | null {
  const match = ENDPOINT.exec(raw);
  const host = match?.[1]?.toLowerCase();
  if (!match || !host || host.length > MAX_HOST) return null;
  // The WHATWG parser (browsers', Node's) must read the same name, or one of them is fooled.
  if (!URL.canParse(raw) || new URL(raw).hostname !== host) return null;
  return { host, path: match[2] ?? '/' };
}

/** The endpoint written back from its parts: what the server signs for and posts to. */
export function pushEndpointUrl(parts: PushEndpointParts): string {
  return `https://${parts.host}${parts.path}`;
}
