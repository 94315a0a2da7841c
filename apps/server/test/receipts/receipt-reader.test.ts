import { createReceiptReader, OcrClosedError, OcrQueueFullError } from '@server/receipts/reading';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';

/** A receipt photographed straight: dark print on white, drawn from SVG, as a JPEG. */
function drawnReceipt(lines: string[]): Promise<Buffer> {
  const text = lines
    .map((line, index) => `<text x="30" y="${60 + index * 38}" xml:space="preserve">${line}</text>`)
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="${90 + lines.length * 38}">` +
    '<rect width="100%" height="100%" fill="#fbfaf6"/>' +
    `<g font-family="DejaVu Sans Mono" font-size="26" fill="#222">${text}</g></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

const RECEIPT = [
  'BAKERY ROSE',
  '14/02/2025 09:12',
  '',
  'SOURDOUGH LOAF          6.50',
  'CROISSANT 2 x 1.80      3.60',
  'TAX 7%                  0.71',
  '',
  'TOTAL EUR              10.81',
  'CASH                   20.00',
  'CHANGE                  9.19',
];

describe('createReceiptReader', () => {
  const reader = createReceiptReader({ workers: 2, today: () => new Date('2026-01-01') });
  afterAll(() => reader.close());

  it('reads total, currency, date, merchant and items off an image with the real OCR', async () => {
    const reading = await reader.read(await drawnReceipt(RECEIPT));
    expect(reading).toMatchObject({
      total: '10.81',
      currency_id: 'EUR',
      date: '2025-02-14',
      merchant: 'BAKERY ROSE',
    });
    expect(reading.confidence).toBeGreaterThanOrEqual(0.7);
    expect(reading.items).toContainEqual({ name: 'SOURDOUGH LOAF', amount: '6.50', quantity: 1 });
    expect(reading.text).toContain('TOTAL');
  });

  it('reads a small total line alone ("TOTAL 12.34")', async () => {
    const reading = await reader.read(await drawnReceipt(['TOTAL 12.34']));
    expect(reading.total).toBe('12.34');
  });

  it('fails one reading of bytes that are no image, and reads the next one', async () => {
    await expect(reader.read(Buffer.from('not an image at all'))).rejects.toThrow();
    const reading = await reader.read(await drawnReceipt(['TOTAL 7.25']));
    expect(reading.total).toBe('7.25');
  });
});

describe('a recognition that hangs', () => {
  it('is abandoned after the timeout, its worker replaced, and the next reading answers too', async () => {
    // 1 ms: no recognition can finish, so every one is given up on.
    const reader = createReceiptReader({ workers: 1, recognizeTimeoutMs: 1 });
    const image = await drawnReceipt(['TOTAL 3.00']);
    try {
      await expect(reader.read(image)).rejects.toThrow(/no answer in 1 ms/);
      await expect(reader.read(image)).rejects.toThrow(/no answer in 1 ms/);
    } finally {
      await reader.close();
    }
  });
});

describe('the reading queue', () => {
  it('refuses at once, with OcrQueueFullError, a receipt beyond the queue', async () => {
    const reader = createReceiptReader({ workers: 1, maxQueue: 1 });
    const image = await drawnReceipt(['TOTAL 3.00']);
    try {
      const running = reader.read(image);
      const waiting = reader.read(image);
      const refusedAt = performance.now();
      const refused = await reader.read(image).catch((error: unknown) => error);
      // Refused without waiting for the readings ahead of it.
      expect(performance.now() - refusedAt).toBeLessThan(100);
      expect(refused).toBeInstanceOf(OcrQueueFullError);
      await expect(running).resolves.toMatchObject({ total: '3.00' });
      await expect(waiting).resolves.toMatchObject({ total: '3.00' });
    } finally {
      await reader.close();
    }
  });

  it('refuses what still waits when it closes, and anything after', async () => {
    const reader = createReceiptReader({ workers: 1, maxQueue: 4 });
    const image = await drawnReceipt(['TOTAL 3.00']);
    const running = reader.read(image);
    const waiting = reader.read(image).catch((error: unknown) => error);
    await reader.close();
    expect(await waiting).toBeInstanceOf(OcrClosedError);
    await expect(running).resolves.toMatchObject({ total: '3.00' });
    await expect(reader.read(image)).rejects.toBeInstanceOf(OcrClosedError);
  });
});
