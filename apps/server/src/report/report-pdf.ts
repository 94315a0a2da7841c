import type { EventReport, Transfer } from '@quits/domain';
import PDFDocument from 'pdfkit';
import { drawBars, drawLegend } from './report-charts';
import { fontBytes, REPORT_FONTS } from './report-fonts';
import { MUTED, PAGE, PdfCursor, stampPages } from './report-layout';
import type { ReportTexts } from './report-texts';

/** A statement's content with the payments that settle its balances. */
export type ReportWithPlan = EventReport & { settlement: readonly Transfer[] };

/** What the statement writes besides its model: names, and amounts and dates in words. */
export interface ReportWriting {
  eventName: string;
  /** The event currency's code, for the column of converted amounts. */
  currencyId: string;
  texts: ReportTexts;
  nameOf: (userId: string) => string;
  /** An amount in minor units of a currency, written in the statement's language. */
  money: (minor: number, currencyId: string) => string;
  /** A `YYYY-MM-DD` day written in the statement's language. */
  day: (date: string) => string;
  /** When the statement is made. */
  madeAt: Date;
  /** At most this many expenses and payments are listed, so a statement stays bounded. */
  maxEntries: number;
}

const PAID_COLOR = '#2e7d6b';
const SHARE_COLOR = '#c77c2e';

/**
 * A printable statement of an event as a PDF: summary, today's balances and the plan that
 * settles them, the statistics as bar charts, then every expense and payment of the range, with
 * the event's name at the top and "Page n of m" at the bottom of every page.
 *
 * @param report amounts in minor units of the event currency (an entry's own amount excepted)
 * @returns the PDF file
 */
export function renderReportPdf(report: ReportWithPlan, writing: ReportWriting): Promise<Buffer> {
  const { texts } = writing;
  const doc = new PDFDocument({
    size: PAGE.size,
    margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.side, right: PAGE.side },
    bufferPages: true,
    info: { Title: `${writing.eventName} — ${texts.statement}`, Creator: 'Quits' },
    lang: texts.locale,
  });
  for (const font of REPORT_FONTS) doc.registerFont(font, fontBytes(font));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const cursor = new PdfCursor(doc);
  writeSummary(cursor, report, writing);
  writeBalances(cursor, report, writing);
  writeStatistics(cursor, report, writing);
  writeEntries(cursor, report, writing);
  stampPages(doc, writing.eventName, (page, pages) =>
    texts.page(page.toLocaleString(texts.locale), pages.toLocaleString(texts.locale)),
  );
  doc.end();
  return done;
}

function writeSummary(cursor: PdfCursor, report: EventReport, writing: ReportWriting): void {
  const { texts } = writing;
  const event = writing.money;
  cursor.write(`${writing.eventName} — ${texts.statement}`, cursor.left, {
    width: cursor.width,
    bold: true,
    size: 18,
  });
  cursor.y += 28;
  const range =
    report.from === null && report.to === null
      ? texts.wholeEvent
      : texts.range(
          report.from ? writing.day(report.from) : '…',
          report.to ? writing.day(report.to) : '…',
        );
  const madeOn = texts.madeOn(
    new Intl.DateTimeFormat(texts.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      writing.madeAt,
    ),
  );
  cursor.paragraph(`${range} · ${madeOn}`);
  cursor.heading(texts.summary);
  const count = (value: number) => value.toLocaleString(texts.locale);
  const lines: [string, string][] = [
    [texts.totalSpent, event(report.total_spent, writing.currencyId)],
    ...(report.income_count > 0
      ? [
          [texts.totalReceived, event(report.total_received, writing.currencyId)] as [
            string,
            string,
          ],
        ]
      : []),
    [texts.totalPaidBack, event(report.total_paid_back, writing.currencyId)],
    [texts.expenseCount, count(report.expense_count)],
    [texts.paymentCount, count(report.payment_count)],
    [texts.people, count(report.balances.length)],
  ];
  for (const [label, value] of lines) {
    cursor.row([
      { text: label, width: 200, color: MUTED },
      { text: value, width: 160, align: 'right', bold: true },
    ]);
  }
  if (report.missing_rates.length > 0) {
    cursor.paragraph(texts.missingRates(report.missing_rates.join(', ')));
  }
}

function writeBalances(cursor: PdfCursor, report: ReportWithPlan, writing: ReportWriting): void {
  const { texts, nameOf, currencyId } = writing;
  const money = (minor: number) => writing.money(minor, currencyId);
  const column = (cursor.width - 170) / 3;
  cursor.heading(texts.balances);
  cursor.row(
    [
      { text: texts.person, width: 170, bold: true },
      { text: texts.paid, width: column, align: 'right', bold: true },
      { text: texts.share, width: column, align: 'right', bold: true },
      { text: texts.balance, width: column, align: 'right', bold: true },
    ],
    { rule: true },
  );
  for (const row of report.balances) {
    cursor.row([
      { text: nameOf(row.user_id), width: 170 },
      { text: money(row.paid), width: column, align: 'right' },
      { text: money(row.share), width: column, align: 'right' },
      {
        text: money(row.balance),
        width: column,
        align: 'right',
        bold: true,
        color: row.balance < 0 ? SHARE_COLOR : row.balance > 0 ? PAID_COLOR : MUTED,
      },
    ]);
  }
  cursor.heading(texts.settleUp, 16);
  if (report.settlement.length === 0) cursor.paragraph(texts.settled);
  for (const transfer of report.settlement) {
    cursor.row([
      {
        text: texts.pays(nameOf(transfer.from_user_id), nameOf(transfer.to_user_id)),
        width: cursor.width - 160,
      },
      { text: money(transfer.amount), width: 160, align: 'right', bold: true },
    ]);
  }
}

function writeStatistics(cursor: PdfCursor, report: EventReport, writing: ReportWriting): void {
  const { texts, nameOf, currencyId } = writing;
  const money = (minor: number) => writing.money(minor, currencyId);
  const { statistics } = report;
  if (statistics.count === 0) return;
  cursor.heading(texts.statistics, 60);
  cursor.paragraph(texts.perPerson, MUTED);
  drawLegend(cursor, [
    { label: texts.paid, color: PAID_COLOR },
    { label: texts.share, color: SHARE_COLOR },
  ]);
  drawBars(
    cursor,
    statistics.people.map((person) => ({
      label: nameOf(person.user_id),
      values: [person.paid, person.share],
      texts: [money(person.paid), money(person.share)],
    })),
    [PAID_COLOR, SHARE_COLOR],
  );
  cursor.y += 8;
  cursor.paragraph(texts.perCategory, MUTED);
  drawBars(
    cursor,
    statistics.categories.map((category) => ({
      label:
        texts.category[category.category as keyof ReportTexts['category']] ?? category.category,
      values: [category.amount],
      texts: [money(category.amount)],
    })),
    [PAID_COLOR],
  );
}

function writeEntries(cursor: PdfCursor, report: EventReport, writing: ReportWriting): void {
  const { texts, nameOf } = writing;
  cursor.heading(texts.entries);
  if (report.entries.length === 0) {
    cursor.paragraph(texts.noEntries);
    return;
  }
  const widths = { date: 70, amount: 85, converted: 85, paidBy: 100 };
  const titleWidth = cursor.width - widths.date - widths.amount - widths.converted - widths.paidBy;
  const header = () =>
    cursor.row(
      [
        { text: texts.date, width: widths.date, bold: true },
        { text: texts.title, width: titleWidth, bold: true },
        { text: texts.paidBy, width: widths.paidBy, bold: true },
        { text: texts.amount, width: widths.amount, align: 'right', bold: true },
        { text: writing.currencyId, width: widths.converted, align: 'right', bold: true },
      ],
      { rule: true },
    );
  header();
  const listed = report.entries.slice(0, writing.maxEntries);
  for (const entry of listed) {
    const page = cursor.doc.bufferedPageRange().count;
    cursor.ensure(15);
    // The column titles again at the top of each new page.
    if (cursor.doc.bufferedPageRange().count !== page) header();
    const title =
      entry.kind === 'payment'
        ? `${texts.paymentLine(nameOf(entry.from_ids[0] ?? ''), nameOf(entry.to_ids[0] ?? ''))}${entry.title ? ` (${entry.title})` : ''}`
        : entry.kind === 'income'
          ? texts.incomeLine(entry.title)
          : entry.title;
    cursor.row([
      { text: writing.day(entry.date), width: widths.date, color: MUTED },
      { text: title, width: titleWidth },
      { text: entry.from_ids.map(nameOf).join(', '), width: widths.paidBy },
      {
        text: writing.money(entry.amount, entry.currency_id),
        width: widths.amount,
        align: 'right',
      },
      {
        text: writing.money(entry.converted, writing.currencyId),
        width: widths.converted,
        align: 'right',
      },
    ]);
  }
  const left = report.entries.length - listed.length;
  if (left > 0) cursor.paragraph(texts.notListed(left.toLocaleString(texts.locale)));
}
