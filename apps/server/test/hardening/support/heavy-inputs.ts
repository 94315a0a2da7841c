import { randomBytes, randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';

const PEOPLE = ['Ana', 'Ben', 'Chloé', 'Dai'];

/**
 * A Quits export (the body of POST /api/events/import) of a large event: four people,
 * `expenses` dinners paid by one of them for all, and `payments` between two of them, spread
 * over the days of 2025 so that a statement from a given day lists fewer.
 */
export function bigEventImport(expenses: number, payments: number): string {
  const people = PEOPLE.map((name) => ({ id: randomUUID(), name }));
  const ids = people.map((person) => person.id);
  const day = (index: number) =>
    new Date(Date.UTC(2025, 0, 1 + (index % 365))).toISOString().slice(0, 10);
  const expenditures = Array.from({ length: expenses }, (_, index) => ({
    id: randomUUID(),
    title: `Dinner ${index} 晚餐`,
    date: day(index),
    amount: 400 + (index % 97),
    currency_id: 'EUR',
    payer: [{ user_id: ids[index % ids.length], amount: 400 + (index % 97) }],
    participant: ids.map((user_id, at) => ({
      user_id,
      amount: Math.floor((400 + (index % 97)) / 4) + (at < (400 + (index % 97)) % 4 ? 1 : 0),
    })),
    split: { mode: 'evenly' },
  }));
  const paymentRows = Array.from({ length: payments }, (_, index) => ({
    id: randomUUID(),
    date: day(index),
    title: 'Settle up',
    payer_id: ids[index % ids.length],
    payee_id: ids[(index + 1) % ids.length],
    amount: 100 + (index % 50),
    currency_id: 'EUR',
  }));
  return JSON.stringify({
    format: 'quits-event',
    version: 1,
    event: { name: 'A long year', desc: '', image: null, currency_id: 'EUR', currency_rates: [] },
    people,
    expenditures,
    payments: paymentRows,
  });
}

/** A Splitwise group export of `rows` expenses among four people, as its import body. */
export function splitwiseImport(rows: number): string {
  const lines = [`Date,Description,Category,Cost,Currency,${PEOPLE.join(',')}`];
  for (let index = 0; index < rows; index += 1) {
    lines.push(
      `2025-03-${String(1 + (index % 28)).padStart(2, '0')},Groceries ${index},Groceries,40.00,EUR,30.00,-10.00,-10.00,-10.00`,
    );
  }
  return JSON.stringify({ format: 'splitwise-csv', name: 'Flat', csv: lines.join('\n') });
}

/** A photo of pure noise, which compresses badly: the worst a thumbnail has to shrink. */
export function noisyPhoto(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A one-page PDF carrying a noisy picture, of about `megabytes` MB. */
export async function bigPdf(megabytes: number): Promise<Buffer> {
  // Noise at JPEG quality 100 takes about 1.45 bytes a pixel.
  const side = Math.round(Math.sqrt((megabytes * 1024 * 1024) / 1.45));
  const picture = await sharp(randomBytes(side * side * 3), {
    raw: { width: side, height: side, channels: 3 },
  })
    .jpeg({ quality: 100 })
    .toBuffer();
  const pdf = await PDFDocument.create();
  const image = await pdf.embedJpg(picture);
  pdf.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 595 });
  return Buffer.from(await pdf.save());
}
