import type { Attachment, Event, Expenditure, Payment } from '@quits/contract';
import { sweepAttachments } from '@server/attachments/attachment-sweep';
import { PDFDocument } from 'pdf-lib';
import PDFKit from 'pdfkit';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { multipartBody } from '../receipts/support/receipt-upload';
import { expectError, expectFieldError, readActivity, readState } from '../support/api-checks';
import { createEvent, expenseBody, paymentBody, personId } from '../support/fixtures';
import { type ApiClient, apiClient, DATABASES, useTestApp } from '../support/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A phone-like photo that says where and by whom it was taken (EXIF), as phones write. */
async function photoWithMetadata(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#c8a060' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Ana Example', Copyright: 'Secret Street 12' } })
    .toBuffer();
}

/** A one-page PDF invoice with an author and a creator in its metadata, as PDF writers add. */
function pdfWithMetadata(options: { userPassword?: string } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFKit({
      info: { Author: 'Ana Example', Creator: 'Secret Billing 3.1', Title: 'Invoice 42' },
      ...options,
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.text('Invoice 42: 120.00 EUR');
    doc.end();
  });
}

describe.each(DATABASES)('attachments of expenses and payments on %s', (kind) => {
  const started = useTestApp(kind);

  async function upload(eventId: string, data: Buffer | string, filename: string) {
    const { payload, contentType } = multipartBody([{ name: 'file', filename, data }]);
    const response = await started().app.inject({
      method: 'POST',
      url: `/api/event/${eventId}/attachments`,
      headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest' },
      payload,
    });
    return { status: response.statusCode, body: JSON.parse(response.body), headers: {} };
  }

  async function attach(eventId: string, data: Buffer, filename: string): Promise<Attachment> {
    const answer = await upload(eventId, data, filename);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data;
  }

  async function fetchFile(eventId: string, id: string) {
    return started().app.inject({
      method: 'GET',
      url: `/api/event/${eventId}/attachments/${id}`,
    });
  }

  async function saveExpense(api: ApiClient, event: Event, body: Record<string, unknown>) {
    return api.post<{ data: Expenditure }>(`/api/event/${event.id}/expenditure`, body);
  }

  it('keeps a photo without its metadata and a PDF without its author, both listed in order on an expense', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    const photo = await attach(event.id, await photoWithMetadata(), 'IMG_2041.HEIC');
    expect(photo).toMatchObject({ name: 'IMG_2041.jpg', content_type: 'image/jpeg' });
    const invoice = await attach(event.id, await pdfWithMetadata(), 'C:\\Users\\ana\\invoice.pdf');
    expect(invoice).toMatchObject({ name: 'invoice.pdf', content_type: 'application/pdf' });

    const storedPhoto = await fetchFile(event.id, photo.id);
    expect(storedPhoto.statusCode).toBe(200);
    expect(storedPhoto.headers['content-type']).toBe('image/jpeg');
    expect(storedPhoto.headers['content-disposition']).toMatch(/^inline; filename="IMG_2041.jpg"/);
    expect(storedPhoto.rawPayload.length).toBe(photo.bytes);
    const meta = await sharp(storedPhoto.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(storedPhoto.rawPayload.includes('Ana Example')).toBe(false);

    // Lists show a small square of it.
    const thumbnail = await started().app.inject({
      method: 'GET',
      url: `/api/event/${event.id}/attachments/${photo.id}?size=thumb`,
    });
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    const small = await sharp(thumbnail.rawPayload).metadata();
    expect([small.width, small.height]).toEqual([160, 160]);
    expect(thumbnail.rawPayload.length).toBeLessThan(photo.bytes);

    const storedPdf = await fetchFile(event.id, invoice.id);
    expect(storedPdf.headers['content-type']).toBe('application/pdf');
    const pdf = storedPdf.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    for (const secret of ['Ana Example', 'Secret Billing', 'Invoice 42']) {
      expect(pdf.includes(secret), secret).toBe(false);
    }
    const reread = await PDFDocument.load(pdf);
    expect(reread.getPageCount()).toBe(1);
    expect(reread.getAuthor()).toBeUndefined();

    // The client names the files by id; what it says of them otherwise is not taken.
    const body = {
      ...expenseBody({ payer: ana, among: [ana, ben], amount: 12000 }),
      attachments: [invoice, { ...photo, name: 'evil.exe', bytes: 1 }],
    };
    const saved = await saveExpense(api, event, body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.data.attachments).toEqual([invoice, photo]);
    const read = await readState(api, event.id);
    expect(read.event.expenditures[0]?.attachments).toEqual([invoice, photo]);

    // A replay changes nothing; an edit that leaves the field out keeps the files.
    const state = await readState(api, event.id);
    expect((await saveExpense(api, event, body)).status).toBe(200);
    expect((await readState(api, event.id)).etag).toBe(state.etag);
    const { attachments: _left, ...withoutField } = body;
    const renamed = await saveExpense(api, event, { ...withoutField, title: 'Hotel' });
    expect(renamed.body.data.attachments).toEqual([invoice, photo]);
    const [edited] = await readActivity(api, event.id);
    expect(edited?.after).toMatchObject({ title: 'Hotel', attachments: [invoice, photo] });

    // Removing one keeps the other.
    const removed = await saveExpense(api, event, {
      ...body,
      title: 'Hotel',
      attachments: [photo],
    });
    expect(removed.body.data.attachments).toEqual([photo]);
  });

  it('merges an attachment added on one device with a title changed on another', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    const body = expenseBody({ payer: ana, among: [ana, ben], amount: 5000 });
    const created = (await saveExpense(api, event, body)).body.data;
    const base = {
      ...created,
      attachments: created.attachments,
    };
    const photo = await attach(event.id, await photoWithMetadata(), 'ticket.png');
    const first = await saveExpense(api, event, { ...body, attachments: [photo], base });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await saveExpense(api, event, { ...body, title: 'Taxi', base });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data).toMatchObject({ title: 'Taxi', attachments: [photo] });
    // Both changing the list differently is a conflict that names it.
    const other = await attach(event.id, await photoWithMetadata(), 'other.jpg');
    const third = await saveExpense(api, event, { ...body, attachments: [other], base });
    expect(expectError(third, 409).code).toBe('edit_conflict');
    expect(JSON.stringify(third.body)).toContain('"field":"attachments"');
  });

  it('attaches to a payment, and refuses what is not a file of this event by code', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const elsewhere = await createEvent(api, ['Zoe']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    const proof = await attach(event.id, await pdfWithMetadata(), 'transfer.pdf');
    const payment = await api.post<{ data: Payment }>(`/api/event/${event.id}/payments`, {
      ...paymentBody({ from: ben, to: ana, amount: 2500 }),
      attachments: [proof],
    });
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    expect(payment.body.data.attachments).toEqual([proof]);

    const foreign = await attach(elsewhere.id, await photoWithMetadata(), 'x.jpg');
    const before = await readState(api, event.id);
    const refused = await saveExpense(api, event, {
      ...expenseBody({ payer: ana, among: [ana], amount: 100 }),
      attachments: [proof, foreign],
    });
    expect(expectFieldError(refused, 'attachments.1.id').error_codes?.['attachments.1.id']).toEqual(
      [{ code: 'attachment_not_in_event' }],
    );
    // The file of another event cannot be read through this one either.
    expect((await fetchFile(event.id, foreign.id)).statusCode).toBe(404);
    const eleven = Array.from({ length: 11 }, () => ({ ...proof, id: crypto.randomUUID() }));
    expectFieldError(
      await saveExpense(api, event, {
        ...expenseBody({ payer: ana, among: [ana], amount: 100 }),
        attachments: eleven,
      }),
      'attachments',
    );
    expectFieldError(
      await saveExpense(api, event, {
        ...expenseBody({ payer: ana, among: [ana], amount: 100 }),
        attachments: [proof, proof],
      }),
      'attachments.1.id',
    );
    expect((await readState(api, event.id)).etag).toBe(before.etag);
  });

  it('checks each upload by its bytes and says why it refuses one', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana']);
    const text = await upload(event.id, 'just some text', 'invoice.pdf');
    expect(expectError(text, 415).code).toBe('attachment_not_supported');
    const empty = await upload(event.id, Buffer.alloc(0), 'empty.pdf');
    expect(expectError(empty, 422).code).toBe('file_empty');
    const large = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024)]);
    expect(expectError(await upload(event.id, large, 'big.pdf'), 413).code).toBe('file_too_large');
    const broken = await upload(event.id, '%PDF-1.7\nnot really a document', 'broken.pdf');
    expect(expectError(broken, 422).code).toBe('attachment_pdf_unreadable');
    const locked = await upload(event.id, await pdfWithMetadata({ userPassword: 'x' }), 'l.pdf');
    expect(expectError(locked, 422).code).toBe('attachment_pdf_protected');
    // A closed event is read-only: nothing may be attached to it.
    const closed = await createEvent(api, ['Zoe']);
    expect((await api.post(`/api/events/${closed.id}/close`, {})).status).toBe(200);
    const refusedClosed = await upload(closed.id, await pdfWithMetadata(), 'late.pdf');
    expect(expectError(refusedClosed, 409).code).toBe('event_closed');
    const unknown = await upload(
      'no-such-event-here-000000000000',
      await pdfWithMetadata(),
      'a.pdf',
    );
    expect(unknown.status).toBe(404);
    // Nothing refused was kept.
    const usage = await started().app.db.execute(
      `SELECT count(*)::int AS n FROM attachments WHERE event_id = '${event.id}'`,
    );
    expect(JSON.stringify(usage)).toContain('"n":0');
  });

  it('sweeps files nothing lists after a day, and those of entries deleted past the restore window', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    const listed = await attach(event.id, await photoWithMetadata(), 'kept.jpg');
    const unlisted = await attach(event.id, await photoWithMetadata(), 'abandoned.jpg');
    const ofDeleted = await attach(event.id, await pdfWithMetadata(), 'deleted.pdf');
    await saveExpense(api, event, {
      ...expenseBody({ payer: ana, among: [ana, ben], amount: 100 }),
      attachments: [listed],
    });
    const gone = expenseBody({ payer: ana, among: [ana, ben], amount: 200 });
    await saveExpense(api, event, { ...gone, attachments: [ofDeleted] });
    expect((await api.del(`/api/event/${event.id}/expenditure/${gone.id}`)).status).toBe(200);

    const db = started().app.db;
    // Within the day nothing goes.
    expect(await sweepAttachments(db, new Date())).toBe(0);
    // A day later the unlisted file goes; the deleted expense may still come back with its file.
    expect(await sweepAttachments(db, new Date(Date.now() + 2 * DAY_MS))).toBeGreaterThanOrEqual(1);
    expect((await fetchFile(event.id, unlisted.id)).statusCode).toBe(404);
    expect((await fetchFile(event.id, ofDeleted.id)).statusCode).toBe(200);
    // Past the restore window it goes too; the live expense keeps its file.
    await sweepAttachments(db, new Date(Date.now() + 31 * DAY_MS));
    expect((await fetchFile(event.id, ofDeleted.id)).statusCode).toBe(404);
    expect((await fetchFile(event.id, listed.id)).statusCode).toBe(200);
    // Brought back then, the expense lists no file that no longer opens.
    const restored = await api.post<{ data: Expenditure }>(
      `/api/event/${event.id}/expenditure/${gone.id}/restore`,
      {},
    );
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.data.attachments).toEqual([]);
  });

  it("gives a recurring expense's files to its first occurrence alone", async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    const contract = await attach(event.id, await pdfWithMetadata(), 'lease.pdf');
    const today = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() - 40 * DAY_MS).toISOString().slice(0, 10);
    const answer = await api.post(`/api/event/${event.id}/recurrences`, {
      id: crypto.randomUUID(),
      expense: {
        ...expenseBody({ payer: ana, among: [ana, ben], amount: 90000, title: 'Rent' }),
        date: start,
        attachments: [contract],
      },
      repeat: { frequency: 'monthly' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const read = await readState(api, event.id);
    const rent = read.event.expenditures
      .filter((expense) => expense.title === 'Rent')
      .sort((a, b) => (a.date < b.date ? -1 : 1));
    expect(rent.length).toBeGreaterThanOrEqual(2);
    expect(rent[0]?.attachments).toEqual([contract]);
    expect(rent.slice(1).every((expense) => expense.attachments?.length === 0)).toBe(true);
    expect(today >= start).toBe(true);
  });
});

describe.each(DATABASES)('the attachment quota on %s', (kind) => {
  const started = useTestApp(kind, { ATTACHMENT_QUOTA_COUNT: '2' });

  it('refuses one more file than the event may keep, with the limits in the message', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana']);
    const photo = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const send = async () => {
      const { payload, contentType } = multipartBody([
        { name: 'file', filename: 'a.png', data: photo },
      ]);
      return started().app.inject({
        method: 'POST',
        url: `/api/event/${event.id}/attachments`,
        headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest' },
        payload,
      });
    };
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    const third = await send();
    expect(third.statusCode).toBe(422);
    expect(JSON.parse(third.body)).toMatchObject({
      code: 'attachment_quota',
      error_codes: { attachments: [{ code: 'attachment_quota_field', params: { files: 2 } }] },
    });
  });
});
