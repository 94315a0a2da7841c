import { executeRows } from '@server/db/connection';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent } from '../support/fixtures';
import { apiClient, useTestApp } from '../support/test-app';
import { receiptJpeg } from './support/receipt-images';
import { uploadReceipt } from './support/receipt-upload';

// The reading queue does not depend on the database: PGlite only.
describe('receipt reading when every worker is busy', () => {
  // One worker and no queue: a second receipt arriving during a reading finds no room.
  const started = useTestApp('pglite', { RECEIPT_WORKERS: '1', RECEIPT_QUEUE: '0' });

  it('answers 503 with Retry-After and a message, stores nothing, and reads again once free', async () => {
    const { app } = started();
    const eventId = (await createEvent(apiClient(app))).id;
    const photo = await receiptJpeg();
    const answers = await Promise.all([
      uploadReceipt(app, eventId, photo),
      uploadReceipt(app, eventId, photo),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 503]);
    const busy = answers.find((answer) => answer.status === 503);
    expect(busy?.headers['retry-after']).toBe('5');
    expect(busy?.body.message).toMatch(/try again/);
    expect(busy?.body).toMatchObject({ code: 'busy_receipts', params: { seconds: 5 } });

    const [stored] = await executeRows<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM receipts`,
    );
    expect(stored?.n).toBe(1);

    const later = await uploadReceipt(app, eventId, photo);
    expect(later.status).toBe(201);
    expect(later.body.data?.total).toBe(2340);
    // Three readings on one worker of a machine that may be busy with other suites.
  }, 90_000);
});
