import { defineConfig } from 'vitest/config';
import type { InlineConfig } from 'vitest/node';

/**
 * Suites that measure how long other requests wait (the event loop's p99): they run alone, after
 * every other suite (vitest.timed.config.ts), so that what they measure is the server they start,
 * not a neighbouring suite on the same two cores.
 */
export const TIMED_SUITES = ['test/hardening/event-loop.test.ts'];

/** What every server suite shares, timed or not. */
export const SERVER_TEST: InlineConfig = {
  environment: 'node',
  // Suites share a worker's loaded modules (the server's code, PGlite's compiled WebAssembly)
  // instead of loading them again per file: each builds its own app on its own database, and
  // no suite mocks a module.
  isolate: false,
  globalSetup: ['test/support/pglite-template.global.ts'],
  // Each API suite boots a real database; give it room on a 2-core machine.
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  // The app's alias (`@web/…`, `@server/…`), from its tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    ...SERVER_TEST,
    name: 'server',
    include: ['test/**/*.test.ts'],
    exclude: TIMED_SUITES,
  },
});
