import { defineConfig } from 'vitest/config';

// One run covers every package; API suites pick their databases from TEST_DATABASE_URL.
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/server',
      'apps/web',
      // The repository's own checks (scripts/), tested on broken copies under scripts/test.
      { test: { name: 'scripts', include: ['scripts/test/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
