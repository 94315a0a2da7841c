import { RECEIPT_LIMITS } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { createEvent } from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';
import { pngClaiming, receiptJpeg } from './support/receipt-images';
import { multipartBody, postReceiptBody, uploadReceipt } from './support/receipt-upload';

describe.each(DATABASES)('receipt uploads refused on %s', (kind) => {
  const started = useTestApp(kind);

  const newEvent = async () => (await createEvent(apiClient(started().app))).id;

  it('refuses a PDF named and sent as a JPEG with 415, by its bytes', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');
    const answer = await uploadReceipt(started().app, await newEvent(), pdf, 'photo.jpg');
    expect(answer.status).toBe(415);
    expect(answer.body.message).toMatch(/JPEG, PNG, WebP, HEIC/);
    expect(answer.body).toMatchObject({
      code: 'photo_not_image',
      params: { types: 'JPEG, PNG, WebP, HEIC' },
    });
  });

  it('refuses plain text with 415', async () => {
    const text = Buffer.from('TOTAL 23.40\n');
    const answer = await uploadReceipt(started().app, await newEvent(), text, 'r.png', 'image/png');
    expect(answer.status).toBe(415);
  });

  it('refuses a file over 10 MB with 413 and a message', async () => {
    // A real JPEG start, padded past the limit: refused for its size, before any decoding.
    const jpeg = await receiptJpeg();
    const big = Buffer.concat([jpeg, Buffer.alloc(RECEIPT_LIMITS.maxBytes + 1 - jpeg.length)]);
    const answer = await uploadReceipt(started().app, await newEvent(), big);
    expect(answer.status).toBe(413);
    expect(answer.body.message).toMatch(/larger than 10 MB/);
  });

  it('refuses a PNG claiming 50,000 × 50,000 pixels quickly, without decoding it', async () => {
    const bomb = pngClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(100);
    const began = performance.now();
    const answer = await uploadReceipt(started().app, await newEvent(), bomb, 'r.png', 'image/png');
    // Decoding would need 7.5 GB; reading the header takes milliseconds.
    expect(performance.now() - began).toBeLessThan(2_000);
    expect(answer.status).toBe(413);
    expect(answer.body.message).toMatch(/50000 × 50000 pixels/);
  });

  it('answers 422 for an image whose bytes are damaged past its header', async () => {
    const jpeg = await receiptJpeg();
    const cut = jpeg.subarray(0, 400);
    const answer = await uploadReceipt(started().app, await newEvent(), cut);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toMatch(/could not be read/);
  });

  it('answers 422 for an empty file and for a form without the receipt field', async () => {
    const eventId = await newEvent();
    const empty = await uploadReceipt(started().app, eventId, Buffer.alloc(0));
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toHaveProperty('receipt');

    const other = multipartBody([
      { name: 'photo', filename: 'r.jpg', contentType: 'image/jpeg', data: await receiptJpeg() },
    ]);
    const misnamed = await postReceiptBody(
      started().app,
      eventId,
      other.payload,
      other.contentType,
    );
    expect(misnamed.status).toBe(422);
    expect(misnamed.body.errors).toHaveProperty('receipt');

    const fieldsOnly = multipartBody([{ name: 'note', data: 'no photo' }]);
    const noFile = await postReceiptBody(
      started().app,
      eventId,
      fieldsOnly.payload,
      fieldsOnly.contentType,
    );
    expect(noFile.status).toBe(422);
  });

  it('answers 4xx, never 5xx, to broken multipart bodies', async () => {
    const eventId = await newEvent();
    const { payload, contentType } = multipartBody([
      { name: 'receipt', filename: 'r.jpg', contentType: 'image/jpeg', data: await receiptJpeg() },
    ]);
    const bodies: [Buffer | string, string][] = [
      // Cut off in the middle of the file.
      [payload.subarray(0, Math.floor(payload.length / 2)), contentType],
      // No boundary in the header.
      [payload, 'multipart/form-data'],
      // A boundary that the body never uses.
      [payload, 'multipart/form-data; boundary=nothing-like-it'],
      ['garbage', contentType],
      ['', contentType],
    ];
    for (const [body, type] of bodies) {
      const answer = await postReceiptBody(started().app, eventId, body, type);
      expect(answer.status, `${type} ${body.length} bytes`).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.message).toEqual(expect.any(String));
    }
  });

  it('refuses a second file with 413', async () => {
    const jpeg = await receiptJpeg();
    const { payload, contentType } = multipartBody([
      { name: 'receipt', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg },
      { name: 'receipt', filename: 'b.jpg', contentType: 'image/jpeg', data: jpeg },
    ]);
    const answer = await postReceiptBody(started().app, await newEvent(), payload, contentType);
    expect(answer.status).toBe(413);
  });

  it('answers 415 to a JSON body', async () => {
    const answer = await postReceiptBody(
      started().app,
      await newEvent(),
      '{"receipt":"x"}',
      'application/json',
    );
    expect(answer.status).toBe(415);
    expect(answer.body.message).toMatch(/multipart\/form-data/);
  });

  it('answers 404 for an unknown event, before reading the photo', async () => {
    const answer = await uploadReceipt(
      started().app,
      'NoSuchEvent0000000000000',
      await receiptJpeg(),
    );
    expect(answer.status).toBe(404);
  });
});
