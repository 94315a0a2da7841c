import { directionOf, type Event, type ReportLanguage, type ReportQuery } from '@quits/contract';
import { buildEventReport, formatAmount, type RateTable, settle } from '@quits/domain';
import { REPORT_TEXTS } from '../language-texts';
import { renderReportPdf } from './report-pdf';

/**
 * At most this many expenses and payments are listed in one statement: about 250 pages, made in
 * a few seconds. A larger event is told to choose a shorter date range for the rest.
 */
export const REPORT_MAX_ENTRIES = 10_000;

export interface ReportSources {
  rates: RateTable;
  /** The minor-unit digits of a currency. */
  decimalsOf: (currencyId: string) => number;
  madeAt: Date;
}

/**
 * The language a statement is written in: the asked one, but English for a language written
 * right to left (Arabic, Hebrew). pdfkit shapes Arabic and writes Hebrew right to left only in a
 * text of that script alone; a line that mixes it with a Latin name or with digits comes out in
 * the wrong order, and its tables run left to right. The app says so beside the download and
 * offers printing its own report instead, which the browser lays out right (docs/I18N.md).
 */
export function statementLanguage(asked: ReportLanguage): ReportLanguage {
  return directionOf(asked) === 'rtl' ? 'en' : asked;
}

/**
 * An event's statement as a PDF file, in the asked language (see `statementLanguage`) and date
 * range.
 *
 * @throws RangeError when an amount is too large to add up exactly (answered as a 422)
 */
export function buildReportFile(
  event: Event,
  query: ReportQuery,
  sources: ReportSources,
): Promise<Buffer> {
  const texts = REPORT_TEXTS[statementLanguage(query.lang)];
  const report = buildEventReport({
    user_ids: event.users.map((person) => person.id),
    expenditures: event.expenditures,
    payments: event.payments,
    rates: sources.rates,
    from: query.from ?? null,
    to: query.to ?? null,
  });
  const names = new Map(event.users.map((person) => [person.id, person.name]));
  const days = new Intl.DateTimeFormat(texts.locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return renderReportPdf(
    { ...report, settlement: settle(report.balances) },
    {
      eventName: event.name,
      currencyId: event.currency_id,
      texts,
      nameOf: (id) => names.get(id) ?? '?',
      money: (minor, currencyId) =>
        formatAmount(
          minor,
          { id: currencyId, decimals: sources.decimalsOf(currencyId) },
          texts.locale,
        ),
      day: (date) => days.format(new Date(`${date}T00:00:00Z`)),
      madeAt: sources.madeAt,
      maxEntries: REPORT_MAX_ENTRIES,
    },
  );
}
