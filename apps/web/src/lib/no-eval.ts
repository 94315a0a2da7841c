import { config } from 'zod/v4/core';

/**
 * The Content-Security-Policy allows no `eval` (docs/SECURITY.md). Zod compiles a faster parser
 * for object schemas with `new Function` when it can, and tries once to find out: under the
 * policy that try is refused and reported as a violation. Told to run without compiling, it
 * never tries. Imported first by every module that parses with a schema (only lazy screens do,
 * so zod stays out of the first load).
 */
config({ jitless: true });
