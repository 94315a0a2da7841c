import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run covers every package; API suites pick their databases from TEST_DATABASE_URL.
export default defineConfig({
  test: {
    // At least two files at once, also on 2 cores (vitest's default would be one): API suites
    // spend much of their time waiting on PostgreSQL, timers and child processes.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      'packages/*',
      'apps/server',
      'apps/server/vitest.timed.config.ts',
      'apps/web',
      // The repository's own checks (scripts/), tested on broken copies under scripts/test.
      {
        // The apps' aliases (`@server/…` for the report's texts), from the root tsconfig.json.
        resolve: { tsconfigPaths: true },
        test: { name: 'scripts', include: ['scripts/test/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
});
