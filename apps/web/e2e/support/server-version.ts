import { readFileSync } from 'node:fs';

/** The release the server under test answers (`version` in GET /api/config and /api/health). */
export const SERVER_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../../server/package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
