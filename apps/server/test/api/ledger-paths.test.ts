import type { Balances, Event, ImportPreview } from '@quits/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balancesFromCsv, exportCsv } from '../support/csv-ledger';
import { deviceFigures, expectStatementShows } from '../support/ledger-views';
import {
  balancesByName,
  contentOf,
  createPlannedEvent,
  eventPlan,
  exportJson,
  importCopy,
} from '../support/random-event';
import { type ApiClient, apiClient, DATABASES, useTestApp } from '../support/test-app';

async function balancesOf(api: ApiClient, event: Event): Promise<Balances> {
  const answer = await api.get<{ data: Balances }>(`/api/events/${event.id}/balances`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

async function previewOf(api: ApiClient, file: unknown): Promise<ImportPreview> {
  const answer = await api.post<{ data: ImportPreview }>('/api/events/import?dry_run=true', file);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

/** Each person's paid and share by name, in minor units of the event currency. */
function partsByName(
  event: Event,
  rows: readonly { user_id: string; paid: number; share: number }[],
): Record<string, { paid: number; share: number }> {
  const name = new Map(event.users.map((user) => [user.id, user.name]));
  return Object.fromEntries(
    rows.map((row) => [name.get(row.user_id) ?? row.user_id, { paid: row.paid, share: row.share }]),
  );
}

/**
 * The same money by every path: an event's balances, the preview of importing its own export,
 * the imported copy's balances, the balances rebuilt from its CSV, its statement (PDF) and its
 * statistics are one figure per person, and one "total spent", to the minor unit, for random
 * events in several currencies (JPY without decimals, KWD with three), with the ECB rate of the
 * date, the event's rates, typed rates, amounts charged, income, payments and several payers.
 * The statistics and the home's total are computed as the web app computes them, from the event
 * the API answers. (LEDGER_COUNT in bench/ledger-paths-bench.ts counts differences instead.)
 */
describe.each(DATABASES)('one ledger behind every path of the money on %s', (kind) => {
  const started = useTestApp(kind);

  it('balances, the import preview, the imported copy, the CSV, the statement and the statistics agree; export → import → export is a fixed point', async () => {
    const { app } = started();
    const api = apiClient(app);
    await fc.assert(
      fc.asyncProperty(eventPlan, async (plan) => {
        const event = await createPlannedEvent(api, plan);
        const answered = await balancesOf(api, event);
        const balances = await balancesByName(api, event);

        // The device's statistics and home total, the preview's and the statement's: one total.
        const device = await deviceFigures(api, event.id);
        const { statistics } = device;
        expect(device.home.spent).toBe(statistics.total);
        expect(device.home.received).toBe(statistics.income);
        expect(partsByName(event, statistics.people)).toEqual(
          partsByName(event, answered.balances),
        );
        await expectStatementShows(app, event, {
          spent: statistics.total,
          received: statistics.income,
          balances: answered.balances,
        });

        const csv = balancesFromCsv(await exportCsv(app, event), event.currency?.decimals ?? 2);
        expect(csv.byNets).toEqual(balances);
        expect(csv.byPaidLessShares).toEqual(balances);
        expect(csv.closing).toEqual(balances);

        const file = await exportJson(api, event.id);
        const preview = await previewOf(api, file);
        expect(Object.fromEntries(preview.people.map((row) => [row.name, row.balance]))).toEqual(
          balances,
        );
        expect(preview.total).toBe(statistics.total);
        const copy = await importCopy(api, file);
        expect(await balancesByName(api, copy)).toEqual(balances);
        expect(contentOf(await exportJson(api, copy.id))).toEqual(contentOf(file));
      }),
      { numRuns: 10 },
    );
  }, 120_000);
});
