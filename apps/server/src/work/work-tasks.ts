import type {
  Event,
  ImportPreview,
  QuitsImport,
  ReportQuery,
  SplitwiseImport,
} from '@quits/contract';
import { buildRateTable, type CurrencyInfo } from '@quits/domain';
import { currencyLookup } from '@server/currencies/currency-lookup';
import { computeBalancesOrRefuse } from '@server/events/event-reader';
import { HttpError } from '@server/http/http-error';
import { buildReportFile } from '@server/report/report-file';
import type { FileInput } from '@server/routes/transfer/formats/file-import';
import { type EcbRatesOfFile, ecbRateSource } from '@server/routes/transfer/import-ecb-rates';
import { type ImportPlan, planFromExport } from '@server/routes/transfer/import-plan';
import { previewImport } from '@server/routes/transfer/import-preview';
import { planFromSplitwise } from '@server/routes/transfer/splitwise-import';
import type { TaskAnswer } from './work-pool';

/** An import's plan, and what it would create: what both import formats answer. */
export interface PlannedImport {
  plan: ImportPlan;
  preview: ImportPreview;
}

/**
 * The work the pool's threads do, by name: each takes plain data (structured-cloneable) and
 * answers plain data. Functions (`decimalsOf`) cannot cross threads; the currency list does.
 */
const TASKS = {
  /** An event's statement as PDF bytes; the event comes as its serialised `{ data }` body. */
  statement: async (input: {
    eventBody: Uint8Array;
    query: ReportQuery;
    currencies: readonly CurrencyInfo[];
    madeAt: Date;
  }): Promise<Uint8Array> => {
    const event = (JSON.parse(Buffer.from(input.eventBody).toString('utf8')) as { data: Event })
      .data;
    const currencies = currencyLookup(input.currencies);
    return computeBalancesOrRefuse(() =>
      buildReportFile(event, input.query, {
        rates: buildRateTable(event.currency_id, event.currency_rates, input.currencies),
        decimalsOf: (currencyId) => currencies.get(currencyId)?.decimals ?? 2,
        madeAt: input.madeAt,
      }),
    );
  },
  /** A Splitwise CSV read, checked and planned. */
  splitwise: (input: {
    body: SplitwiseImport;
    currencies: readonly CurrencyInfo[];
  }): PlannedImport => {
    const currencies = currencyLookup(input.currencies);
    const plan = planFromSplitwise(input.body, currencies);
    return { plan, preview: previewImport(plan, currencies) };
  },
  /** A Quits export checked and planned, with the ECB rates its expenses claim looked up. */
  export: (input: {
    body: QuitsImport;
    currencies: readonly CurrencyInfo[];
    ecbRates: EcbRatesOfFile;
  }): PlannedImport => {
    const currencies = currencyLookup(input.currencies);
    const plan = planFromExport(input.body, currencies, ecbRateSource(input.ecbRates));
    return { plan, preview: previewImport(plan, currencies) };
  },
  /**
   * An uploaded file in any format read, checked and planned; a Quits export claiming ECB rates
   * first answers the rates it needs (`ecbKeys`), and is sent again with them.
   */
  file: async (input: {
    file: FileInput;
    currencies: readonly CurrencyInfo[];
    ecbRates: EcbRatesOfFile | null;
  }): Promise<PlannedImport | { ecbKeys: string[] }> => {
    // Loaded on the first upload: a thread that only plans JSON bodies or statements never
    // compiles the readers of every other app's format.
    const { planFromFile } = await import('@server/routes/transfer/formats/file-import');
    const currencies = currencyLookup(input.currencies);
    const planned = planFromFile(input.file, currencies, input.ecbRates);
    if ('ecbKeys' in planned) return planned;
    return { plan: planned.plan, preview: previewImport(planned.plan, currencies) };
  },
};

export type TaskName = keyof typeof TASKS;
export type TaskInput<N extends TaskName> = Parameters<(typeof TASKS)[N]>[0];
export type TaskOutput<N extends TaskName> = Awaited<ReturnType<(typeof TASKS)[N]>>;

/** Runs one task in this thread; a refusal of the input (an HttpError) is answered as data. */
export async function runTask<N extends TaskName>(message: {
  task: N;
  input: TaskInput<N>;
}): Promise<TaskAnswer<TaskOutput<N>>> {
  const run = TASKS[message.task] as (
    input: TaskInput<N>,
  ) => TaskOutput<N> | Promise<TaskOutput<N>>;
  try {
    return { ok: true, value: await run(message.input) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const { statusCode, said, errors, details } = error;
    return { ok: false, refused: { statusCode, said, errors, details: { ...details } } };
  }
}
