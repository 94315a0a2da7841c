import type { BundleSize } from './bundle-size';
import type { DomainFigure } from './domain';
import { MIN_ACCESSIBILITY, MIN_PERFORMANCE, meetsBars, type PageFigures } from './lighthouse';
import { failures, type Measurement, ratio } from './measurement';
import { verdict } from './targets';

export interface Table {
  header: string[];
  rows: string[][];
}

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function milliseconds(value: number): string {
  return value < 10 ? value.toFixed(1) : whole.format(value);
}

function kilobytes(bytes: number): string {
  return bytes < 10_240 ? `${(bytes / 1024).toFixed(1)} KB` : `${whole.format(bytes / 1024)} KB`;
}

/** The HTTP figures, one row per measurement. */
export function httpTable(measurements: readonly Measurement[]): Table {
  return {
    header: [
      'database',
      'measurement',
      'body',
      'conn.',
      'req/s',
      'p50 ms',
      'p99 ms',
      'failed (app / bare)',
      'bare req/s',
      'app / bare',
      'target (§10)',
      'result',
    ],
    rows: measurements.map((measurement) => {
      const { app, bare } = measurement;
      const judged = verdict(measurement);
      return [
        measurement.database,
        measurement.label,
        kilobytes(measurement.bodyBytes),
        String(measurement.connections),
        whole.format(app.requestsPerSecond),
        milliseconds(app.p50Ms),
        milliseconds(app.p99Ms),
        `${failures(app)} / ${failures(bare)}`,
        whole.format(bare.requestsPerSecond),
        ratio(measurement).toFixed(2),
        judged.target,
        judged.result,
      ];
    }),
  };
}

/** The first GET after seeding: the event is read from the database and serialised. */
export function coldReadTable(measurements: readonly Measurement[]): Table {
  return {
    header: ['database', 'event', 'first read (cache miss), ms'],
    rows: measurements.flatMap((measurement) =>
      measurement.coldReadMs === undefined
        ? []
        : [[measurement.database, measurement.label, milliseconds(measurement.coldReadMs)]],
    ),
  };
}

/** Status codes of every measurement that had a failed request, so errors cannot hide. */
export function failureLines(measurements: readonly Measurement[]): string[] {
  return measurements.flatMap((measurement) =>
    (['app', 'bare'] as const).flatMap((side) => {
      const result = measurement[side];
      if (failures(result) === 0) return [];
      return [
        `${measurement.database}, ${measurement.label}, ${measurement.connections} conn. (${side}): ` +
          `${result.non2xx} non-2xx, ${result.errors} socket errors or timeouts; ` +
          `status codes ${JSON.stringify(result.statusCodes)}`,
      ];
    }),
  );
}

export function domainTable(figures: readonly DomainFigure[]): Table {
  return {
    header: ['measurement', 'value', 'unit', 'note'],
    rows: figures.map((figure) => [
      figure.name,
      Number.isInteger(figure.value) || figure.value >= 100
        ? whole.format(figure.value)
        : figure.value.toFixed(2),
      figure.unit,
      figure.note,
    ]),
  };
}

/** One row per page Lighthouse loaded: its two scores and the metrics behind performance. */
export function lighthouseTable(pages: readonly PageFigures[]): Table {
  return {
    header: [
      'page',
      'performance',
      'accessibility',
      'FCP ms',
      'LCP ms',
      'TBT ms',
      'CLS',
      'JS transferred',
      'target',
      'result',
    ],
    rows: pages.map((page) => [
      page.label,
      String(page.performance),
      String(page.accessibility),
      whole.format(page.fcpMs),
      whole.format(page.lcpMs),
      whole.format(page.tbtMs),
      page.cls.toFixed(3),
      kilobytes(page.scriptBytes),
      `≥ ${MIN_PERFORMANCE} / ${MIN_ACCESSIBILITY}`,
      meetsBars(page) ? 'PASS' : 'MISS',
    ]),
  };
}

export function bundleTable(bundle: BundleSize): Table {
  return {
    header: ['measurement', 'value', 'budget', 'result'],
    rows: [
      [
        'First load of /event/{id}/home, gzipped JavaScript',
        `${bundle.kb.toFixed(1)} KB in ${bundle.files} files`,
        `${bundle.budgetKb} KB`,
        bundle.kb <= bundle.budgetKb ? 'PASS' : 'MISS',
      ],
    ],
  };
}

export function markdownTable(table: Table): string {
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(table.header), line(table.header.map(() => '---')), ...table.rows.map(line)].join(
    '\n',
  );
}

export function textTable(table: Table): string {
  const widths = table.header.map((cell, column) =>
    Math.max(cell.length, ...table.rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [
    line(table.header),
    line(widths.map((width) => '-'.repeat(width))),
    ...table.rows.map(line),
  ].join('\n');
}
