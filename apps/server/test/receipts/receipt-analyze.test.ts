import { readFile } from 'node:fs/promises';
import { receiptAnalysisSchema } from '@quits/contract';
import { STORED_LONGEST_SIDE } from '@server/receipts/image-cleaning';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createEvent } from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';
import { receiptJpeg, receiptSvg, sidewaysJpegWithGps } from './support/receipt-images';
import { getReceiptImage, uploadReceipt } from './support/receipt-upload';

const HEIC_FIXTURE = new URL('./fixtures/receipt.heic', import.meta.url);

// Each test reads photos with tesseract, which a machine busy with other suites slows down.
vi.setConfig({ testTimeout: 90_000 });

describe.each(DATABASES)('receipt analysis on %s', (kind) => {
  const started = useTestApp(kind, { RECEIPT_WORKERS: '1' });
  let eventId = '';

  beforeAll(async () => {
    eventId = (await createEvent(apiClient(started().app))).id;
  });

  it('reads the total, merchant and date of a photographed receipt, in minor units', async () => {
    const answer = await uploadReceipt(started().app, eventId, await receiptJpeg());
    expect(answer.status).toBe(201);
    const analysis = receiptAnalysisSchema.parse(answer.body.data);
    expect(analysis).toMatchObject({ total: 2340, currency_id: 'EUR', source: 'ocr' });
    expect(analysis.merchant).toMatch(/CAFE LUNA/);
    expect(analysis.date).toBe('2024-03-12');
    expect(analysis.text).toMatch(/TOTAL/);
    expect(analysis.items.map((item) => item.amount)).toEqual([450, 390, 1500]);
  });

  it('stores the photo, which its event gets back as a JPEG and no other event can', async () => {
    const answer = await uploadReceipt(started().app, eventId, await receiptJpeg());
    const receiptId = answer.body.data?.receipt_id ?? '';
    const image = await getReceiptImage(started().app, eventId, receiptId);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(image.body).metadata()).format).toBe('jpeg');

    const otherEvent = (await createEvent(apiClient(started().app))).id;
    const elsewhere = await getReceiptImage(started().app, otherEvent, receiptId);
    expect(elsewhere.status).toBe(404);
    expect(JSON.parse(elsewhere.body.toString()).message).toMatch(/receipt does not exist/);
    const unknown = await getReceiptImage(started().app, eventId, crypto.randomUUID());
    expect(unknown.status).toBe(404);
  });

  it('turns a photo upright from its EXIF orientation and keeps none of its metadata', async () => {
    const sideways = await sidewaysJpegWithGps();
    const sent = await sharp(sideways).metadata();
    expect(sent).toMatchObject({ width: 300, height: 200, orientation: 6 });
    expect(sent.exif?.toString('latin1')).toMatch(/TestPhone/);

    const answer = await uploadReceipt(started().app, eventId, sideways);
    expect(answer.status).toBe(201);
    const image = await getReceiptImage(started().app, eventId, answer.body.data?.receipt_id ?? '');
    const stored = await sharp(image.body).metadata();
    expect(stored).toMatchObject({ width: 200, height: 300 });
    expect(stored.orientation).toBeUndefined();
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(image.body.includes('TestPhone')).toBe(false);
    // Upright, the black half is on top.
    const { data } = await sharp(image.body)
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[200 * 40 + 100]).toBeLessThan(60);
    expect(data[200 * 260 + 100]).toBeGreaterThan(200);
  });

  it(`shrinks a photo to ${STORED_LONGEST_SIDE} px on its longest side and takes PNG and WebP`, async () => {
    const wide = await sharp(receiptSvg()).resize({ width: 3600 }).png().toBuffer();
    const fromPng = await uploadReceipt(started().app, eventId, wide, 'r.jpg', 'image/jpeg');
    expect(fromPng.status).toBe(201);
    const png = await getReceiptImage(started().app, eventId, fromPng.body.data?.receipt_id ?? '');
    expect((await sharp(png.body).metadata()).width).toBe(STORED_LONGEST_SIDE);

    const webp = await sharp(receiptSvg()).webp().toBuffer();
    const fromWebp = await uploadReceipt(started().app, eventId, webp, 'receipt', 'text/plain');
    expect(fromWebp.status).toBe(201);
    expect(fromWebp.body.data?.total).toBe(2340);
  });

  it('decodes an iPhone HEIC photo (HEVC) and reads it like any other', async () => {
    const heic = await readFile(HEIC_FIXTURE);
    const answer = await uploadReceipt(started().app, eventId, heic, 'IMG_0001.HEIC', 'image/heic');
    expect(answer.status).toBe(201);
    expect(answer.body.data?.total).toBe(2340);
    const image = await getReceiptImage(started().app, eventId, answer.body.data?.receipt_id ?? '');
    expect(await sharp(image.body).metadata()).toMatchObject({
      format: 'jpeg',
      width: 900,
      height: 632,
    });
  });
});
