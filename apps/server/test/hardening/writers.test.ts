import { describe, expect, it } from 'vitest';
import { DATABASES, useTestApp } from '../support/test-app';
import { reliabilityEnvironment } from './support/fuzz-settings';
import { runConcurrentWriters } from './support/writers-run';

const WRITERS = 50;
const CHANGES_PER_WRITER = 20;

describe.each(DATABASES)('concurrent writers over HTTP on %s', (kind) => {
  const started = useTestApp(kind, reliabilityEnvironment());

  it(`leaves one event holding exactly the changes acknowledged to ${WRITERS} devices writing at once, balances summing to zero`, async () => {
    const { app, database } = started();
    // A real socket on 127.0.0.1: the requests interleave in the server and in its database
    // connections as they do in production, not one inject call after another.
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const outcome = await runConcurrentWriters({
      baseUrl,
      db: database.db,
      writers: WRITERS,
      changesPerWriter: CHANGES_PER_WRITER,
      seed: 1,
    });
    console.log(
      `${kind}: ${outcome.writers} writers, ${outcome.acknowledged} changes acknowledged, ` +
        `${outcome.found} of ${outcome.entries} entries found as acknowledged ` +
        `(${outcome.liveEntries} live) in ${(outcome.durationMs / 1000).toFixed(1)} s`,
    );
    expect(outcome.acknowledged).toBe(WRITERS * CHANGES_PER_WRITER);
    expect(outcome.found).toBe(outcome.entries);
  }, 300_000);
});
