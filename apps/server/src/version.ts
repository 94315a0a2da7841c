import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The server's version, from its package.json. */
export const SERVER_VERSION: string = (require('../package.json') as { version: string }).version;
