// The entry of the work pool's threads (work-pool.ts). Plain JavaScript, so that a thread
// starts the same under tsx, in tests and in production; it then loads the TypeScript tasks
// through tsx's own loader, which reads the repository's tsconfig (its `@server/…` paths).
import { tsImport } from 'tsx/esm/api';

const { runTask } = await tsImport('./work-tasks.ts', import.meta.url);

export function run(message) {
  return runTask(message);
}
