import { ATTACHMENT_LIMITS, type Attachment } from '@quits/contract';
import { PDF_CLEANING } from '@server/attachments/pdf-cleaning';
import { PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';
import PDFKit from 'pdfkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../receipts/support/receipt-upload';
import { expectError } from '../support/api-checks';
import { createEvent } from '../support/fixtures';
import {
  activePdf,
  bombPdf,
  deflatedZeros,
  everythingIn,
  HIDDEN,
  KEPT_LINK,
  manyPagesPdf,
} from '../support/hostile-pdfs';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';

/** Entries no dictionary of a cleaned PDF holds: what runs, opens, submits or hides a file. */
const ACTIVE_ENTRIES = ['JS', 'JavaScript', 'AA', 'OpenAction', 'AcroForm', 'XFA', 'Names'].concat([
  'EmbeddedFiles',
  'EmbeddedFile',
  'EF',
  'AF',
  'Outlines',
  'Metadata',
  'Next',
  'Dest',
]);
/** Actions no cleaned PDF holds: only a link's web or mail address is kept. */
const ACTIVE_ACTIONS = [
  'JavaScript',
  'Launch',
  'SubmitForm',
  'ImportData',
  'GoToR',
  'GoToE',
].concat(['ResetForm', 'Named', 'Rendition', 'Sound', 'Movie', 'Hide', 'SetOCGState']);

/** A PDF of `pages` lines of text, as an ordinary writer makes it. */
function plainPdf(pages: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFKit();
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (let page = 1; page <= pages; page += 1) {
      if (page > 1) doc.addPage();
      doc.text(`Page ${page}`);
    }
    doc.end();
  });
}

const asText = (value: unknown) =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null;

describe.each(DATABASES)('PDF attachments on %s', (kind) => {
  const started = useTestApp(kind);
  let bomb: Buffer;
  // A gigabyte of zeros, deflated to about a megabyte, once for the suite.
  beforeAll(async () => {
    bomb = await deflatedZeros(1024);
  }, 60_000);

  async function upload(eventId: string, data: Buffer, filename: string) {
    const { payload, contentType } = multipartBody([{ name: 'file', filename, data }]);
    const response = await started().app.inject({
      method: 'POST',
      url: `/api/event/${eventId}/attachments`,
      headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest' },
      payload,
    });
    return {
      status: response.statusCode,
      body: JSON.parse(response.body),
      headers: response.headers,
    };
  }

  async function served(eventId: string, id: string, download = false) {
    return started().app.inject({
      method: 'GET',
      url: `/api/event/${eventId}/attachments/${id}${download ? '?download=1' : ''}`,
    });
  }

  it('keeps no script, action, form, outline or embedded file, and none of their bytes', async () => {
    const event = await createEvent(apiClient(started().app), ['Ana']);
    const answer = await upload(event.id, await activePdf(), 'invoice.pdf');
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const file = (await served(event.id, (answer.body.data as Attachment).id)).rawPayload;
    const { text, dicts } = await everythingIn(file);
    for (const dict of dicts) {
      for (const [key] of dict.entries()) {
        expect(ACTIVE_ENTRIES, `an entry /${key.decodeText()} is left`).not.toContain(
          key.decodeText(),
        );
      }
      const action = dict.lookup(PDFName.of('S'));
      if (action instanceof PDFName) expect(ACTIVE_ACTIONS).not.toContain(action.decodeText());
      expect(dict.lookup(PDFName.of('Subtype'))).not.toBe(PDFName.of('FileAttachment'));
    }
    const addresses = dicts.map((dict) => asText(dict.lookup(PDFName.of('URI')))).filter(Boolean);
    expect(addresses).toEqual([KEPT_LINK]);
    const reread = await PDFDocument.load(file);
    expect(reread.getPageCount()).toBe(1);
    // The page still draws its text (pdf-lib writes it in hexadecimal).
    expect(text).toContain(Buffer.from('Invoice 42').toString('hex').toUpperCase());
  });

  it('leaves none of the bytes of what it removes: information, XMP, scripts, files', async () => {
    const event = await createEvent(apiClient(started().app), ['Ana']);
    const answer = await upload(event.id, await activePdf(), 'invoice.pdf');
    const file = (await served(event.id, (answer.body.data as Attachment).id)).rawPayload;
    // No object of the file holds them, reachable or not, compressed or not.
    const { text } = await everythingIn(file);
    for (const hidden of Object.values(HIDDEN)) expect(text, hidden).not.toContain(hidden);
    expect((await PDFDocument.load(file)).getAuthor()).toBeUndefined();
  });

  it('refuses a decompression bomb at once, without unpacking it', async () => {
    const event = await createEvent(apiClient(started().app), ['Ana']);
    for (const where of ['objects', 'page'] as const) {
      const pdf = bombPdf(bomb, where);
      expect(pdf.length).toBeLessThan(2 * 1024 * 1024);
      let peak = process.memoryUsage.rss();
      const before = peak;
      const sampling = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage.rss());
      }, 5);
      const answer = await upload(event.id, pdf, `bomb-${where}.pdf`);
      clearInterval(sampling);
      expect(expectError(answer, 422).code, where).toBe('attachment_pdf_too_complex');
      expect(answer.body.params).toEqual({
        megabytes: ATTACHMENT_LIMITS.maxPdfUnpackedBytes / 2 ** 20,
      });
      // The server holds at most the limit (and its buffer's growth), never the gigabyte.
      expect(peak - before, where).toBeLessThan(512 * 1024 * 1024);
    }
  });

  it(`refuses a PDF of more than ${ATTACHMENT_LIMITS.maxPdfPages} pages, and takes one of as many`, async () => {
    const event = await createEvent(apiClient(started().app), ['Ana']);
    const huge = await upload(event.id, manyPagesPdf(100_000), 'huge.pdf');
    expect(expectError(huge, 422).code).toBe('attachment_pdf_pages');
    expect(huge.body.params).toEqual({ max: ATTACHMENT_LIMITS.maxPdfPages });
    const fits = await upload(event.id, manyPagesPdf(ATTACHMENT_LIMITS.maxPdfPages), 'fits.pdf');
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
  });

  it('names a PDF with .pdf whatever it was sent as, and serves it typed exactly', async () => {
    const event = await createEvent(apiClient(started().app), ['Ana']);
    const pdf = await plainPdf(1);
    const names: Record<string, string> = {
      'invoice.html': 'invoice.pdf',
      'x.exe': 'x.pdf',
      'run.HTA': 'run.pdf',
      'image.svg': 'image.pdf',
      'statement.PDF': 'statement.pdf',
      'no extension': 'no extension.pdf',
    };
    for (const [sent, kept] of Object.entries(names)) {
      const answer = await upload(event.id, pdf, sent);
      expect(answer.status).toBe(201);
      const attachment = answer.body.data as Attachment;
      expect(attachment.name).toBe(kept);
      const download = await served(event.id, attachment.id, true);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="${kept}"; filename*=UTF-8''${encodeURIComponent(kept)}`,
      );
    }
    // A file kept under another name before is served as a PDF all the same.
    const old = (await upload(event.id, pdf, 'old.pdf')).body.data as Attachment;
    await started().app.db.execute(
      `UPDATE attachments SET name = 'old.html' WHERE id = '${old.id}'`,
    );
    const inline = await served(event.id, old.id);
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="old.pdf"/);
  });

  it(`cleans ${PDF_CLEANING.atOnce} PDFs at once, lets ${PDF_CLEANING.waiting} wait, and asks the others to come back`, async () => {
    const event = await createEvent(apiClient(started().app), ['Ana']);
    // Long enough to clean that every upload arrives while the first ones are cleaned.
    const pdf = await plainPdf(40);
    const sent = PDF_CLEANING.atOnce + PDF_CLEANING.waiting + 4;
    const answers = await Promise.all(
      Array.from({ length: sent }, (_, index) => upload(event.id, pdf, `p${index}.pdf`)),
    );
    const busy = answers.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status === 201).length).toBe(sent - busy.length);
    expect(busy[0]?.headers['retry-after']).toBe('5');
    expect(busy[0]?.body).toMatchObject({ code: 'busy_attachments', params: { seconds: 5 } });
  });
});
