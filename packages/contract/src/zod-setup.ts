import { config } from 'zod/v4/core';

/**
 * In a browser, zod runs without compiling parsers: it builds a faster parser for every object
 * schema with `new Function`, and finds out whether it may when the first one is *defined* —
 * here, as this package loads. The web app's Content-Security-Policy allows no eval
 * (docs/SECURITY.md), so that try would be refused and reported as a violation. This module is
 * the first the package's index imports, so it runs before any schema is defined. The server
 * keeps the compiled parsers: they are faster, and nothing forbids eval there.
 */
if ('window' in globalThis) config({ jitless: true });
