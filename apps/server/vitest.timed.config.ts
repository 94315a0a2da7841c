import { defineConfig } from 'vitest/config';
import { SERVER_TEST, TIMED_SUITES } from './vitest.config.js';

/** The server's timed suites (see TIMED_SUITES): one file at a time, after every other suite. */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    ...SERVER_TEST,
    name: 'server-timed',
    include: TIMED_SUITES,
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
  },
});
