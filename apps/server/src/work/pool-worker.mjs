// The entry of the work pool's threads (work-pool.ts). Plain JavaScript, so that a thread
// starts the same under tsx, in tests and in production. Compiled (scripts/build-server.mjs),
// the tasks sit beside it as work-tasks.js; from the sources, tsx's own loader reads
// work-tasks.ts with the repository's tsconfig (its `@server/…` paths).
import { existsSync } from 'node:fs';

const compiled = new URL('./work-tasks.js', import.meta.url);
const { runTask } = existsSync(compiled)
  ? await import(compiled.href)
  : await import('tsx/esm/api').then(({ tsImport }) =>
      tsImport('./work-tasks.ts', import.meta.url),
    );

export function run(message) {
  return runTask(message);
}
