import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The app's alias (`@web/…`, `@server/…`), from its tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Suites share a worker's loaded modules (the server's code, PGlite's compiled WebAssembly)
    // instead of loading them again per file: each builds its own app on its own database, and
    // no suite mocks a module.
    isolate: false,
    globalSetup: ['test/support/pglite-template.global.ts'],
    // Each API suite boots a real database; give it room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
