import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  balancesByName,
  contentOf,
  createPlannedEvent,
  eventPlan,
  exportJson,
  importCopy,
  previewByName,
} from '../support/random-event';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';

/**
 * The same money by every path: an event's balances, the preview of importing its own export,
 * and the imported copy's balances are one figure per person, to the minor unit, for random
 * events in several currencies (JPY without decimals, KWD with three), with the ECB rate of the
 * date, the event's rates, typed rates, amounts charged, income, payments and several payers.
 */
describe.each(DATABASES)('one ledger behind every path of the money on %s', (kind) => {
  const started = useTestApp(kind);

  it('balances, the import preview and the imported copy agree; export → import → export is a fixed point', async () => {
    const api = apiClient(started().app);
    await fc.assert(
      fc.asyncProperty(eventPlan, async (plan) => {
        const event = await createPlannedEvent(api, plan);
        const balances = await balancesByName(api, event);
        const file = await exportJson(api, event.id);
        expect(await previewByName(api, file)).toEqual(balances);
        const copy = await importCopy(api, file);
        expect(await balancesByName(api, copy)).toEqual(balances);
        expect(contentOf(await exportJson(api, copy.id))).toEqual(contentOf(file));
      }),
      { numRuns: 12 },
    );
  }, 60_000);

  // LEDGER_COUNT=N counts, over N random events, how many differ by each path (a measurement,
  // not a check): LEDGER_COUNT=50 npx vitest run apps/server/test/api/ledger-paths.test.ts
  const samples = Number(process.env.LEDGER_COUNT ?? 0);
  it.runIf(samples > 0)(
    `counts the differences over ${samples} random events`,
    async () => {
      const api = apiClient(started().app);
      const differ = { preview: 0, copy: 0, reexport: 0 };
      for (const plan of fc.sample(eventPlan, { numRuns: samples, seed: 34 })) {
        const event = await createPlannedEvent(api, plan);
        const balances = JSON.stringify(await balancesByName(api, event));
        const file = await exportJson(api, event.id);
        if (JSON.stringify(await previewByName(api, file)) !== balances) differ.preview++;
        const copy = await importCopy(api, file);
        if (JSON.stringify(await balancesByName(api, copy)) !== balances) differ.copy++;
        const again = contentOf(await exportJson(api, copy.id));
        if (JSON.stringify(again) !== JSON.stringify(contentOf(file))) differ.reexport++;
      }
      console.log(`${kind}: of ${samples} events, differing`, differ);
    },
    600_000,
  );
});
