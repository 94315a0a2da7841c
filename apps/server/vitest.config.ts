import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The app's alias (`@web/…`, `@server/…`), from its tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Each API suite boots a real database; give it room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
