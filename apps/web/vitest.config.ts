import { defineConfig } from 'vitest/config';

// The web app's pure modules (no DOM): what the browser tests would only reach one case at a time.
export default defineConfig({
  // The app's alias (`@web/…`, `@server/…`), from its tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    name: 'web',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
