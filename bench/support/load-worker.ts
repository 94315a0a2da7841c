import { runPair } from './autocannon-run';
import type { PairSpec } from './load-spec';

/**
 * The load generator's own process (forked by `load.ts`): it takes one spec, runs it, sends the
 * result back and exits, so the load has its own event loop and does not slow the server's.
 */
process.once('message', (spec: PairSpec) => {
  runPair(spec).then(
    (result) => process.send?.({ ok: true, result }, () => process.exit(0)),
    (error: unknown) => process.send?.({ ok: false, error: String(error) }, () => process.exit(1)),
  );
});
