import { dataEnvelope, type Event, healthSchema } from '@quits/contract';
import { executeRows } from '@server/db/connection';
import type { AnalysisContent } from '@server/receipts/receipt-analysis';
import { insertReceipt } from '@server/receipts/receipt-store';
import { sweepUnattachedReceipts } from '@server/receipts/receipt-sweep';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, expenseBody, personId } from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';
import { receiptJpeg } from './support/receipt-images';
import { uploadReceipt } from './support/receipt-upload';

const HOUR = 60 * 60 * 1000;
const ROOMY = { count: 500, bytes: 200 * 1024 * 1024 };
/** What an analysis stores with a photo; its reading is not the point here. */
const ANALYSIS: AnalysisContent = {
  total: null,
  currency_id: 'EUR',
  confidence: 0,
  items: [],
  date: null,
  merchant: null,
  text: '',
  source: 'ocr',
};

describe.each(DATABASES)('receipt storage on %s', (kind) => {
  // Two photos per event, so that the quota is reached in a test.
  const started = useTestApp(kind, { RECEIPT_QUOTA_COUNT: '2' });

  /** Stores a receipt photo of the event as an analysis leaves it; answers its id. */
  async function store(eventId: string, quota = ROOMY): Promise<string> {
    const id = crypto.randomUUID();
    const jpeg = await receiptJpeg();
    const stored = await insertReceipt(
      started().app.db,
      {
        id,
        eventId,
        image: { jpeg, width: 900, height: 632 },
        analysis: { ...ANALYSIS, total: 2340 },
      },
      quota,
    );
    if (stored !== 'stored') throw new Error(`receipt not stored: ${stored}`);
    return id;
  }

  const storedIds = async (eventId: string) =>
    (
      await executeRows<{ id: string }>(
        started().app.db,
        sql`SELECT id FROM receipts WHERE event_id = ${eventId} ORDER BY id`,
      )
    ).map((row) => row.id);

  async function attach(event: Event, receiptId: string): Promise<string> {
    const ana = personId(event, 'Ana');
    const body = {
      ...expenseBody({ payer: ana, among: [ana], amount: 2340 }),
      receipt_id: receiptId,
    };
    const saved = await apiClient(started().app).post(`/api/event/${event.id}/expenditure`, body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    return body.id;
  }

  it('refuses a photo past the event quota with 422 and a message, before reading it', async () => {
    const { app } = started();
    const event = await createEvent(apiClient(app));
    await store(event.id);
    await store(event.id);
    const refused = await uploadReceipt(app, event.id, await receiptJpeg());
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/already keeps as many receipt photos/);
    expect(refused.body.errors?.receipts?.[0]).toMatch(/At most 2 photos/);
    expect(await storedIds(event.id)).toHaveLength(2);
    // Another event has its own quota.
    const other = await createEvent(apiClient(app));
    await store(other.id);
  });

  it('refuses to store a photo that would pass the bytes of the quota', async () => {
    const { app } = started();
    const event = await createEvent(apiClient(app));
    const jpeg = await receiptJpeg();
    const quota = { count: 10, bytes: jpeg.length * 2 };
    await store(event.id, quota);
    await store(event.id, quota);
    const third = await insertReceipt(
      app.db,
      {
        id: crypto.randomUUID(),
        eventId: event.id,
        image: { jpeg, width: 900, height: 632 },
        analysis: ANALYSIS,
      },
      quota,
    );
    expect(third).toBe('full');
  });

  it('sweeps photos no expense points to after a day, and keeps attached and young ones', async () => {
    const { app } = started();
    const event = await createEvent(apiClient(app));
    const [attached, ofDeleted, abandoned, young] = [
      await store(event.id),
      await store(event.id),
      await store(event.id),
      await store(event.id),
    ];
    await attach(event, attached);
    // The photo of a deleted expense stays: the expense may be restored.
    const deletedExpense = await attach(event, ofDeleted);
    const deleted = await apiClient(app).del(
      `/api/event/${event.id}/expenditure/${deletedExpense}`,
    );
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await executeRows(
      app.db,
      sql`UPDATE receipts SET created_at = now() - interval '25 hours'
          WHERE id IN (${attached}, ${ofDeleted}, ${abandoned})`,
    );
    const byId = (ids: string[]) => [...ids].sort();

    expect(await sweepUnattachedReceipts(app.db, new Date())).toBe(1);
    expect(await storedIds(event.id)).toEqual(byId([attached, ofDeleted, young]));
    // Again (another instance, or after a restart): nothing more to do.
    expect(await sweepUnattachedReceipts(app.db, new Date())).toBe(0);
    // A day later by the sweep's clock, the young photo is old too.
    const dayLater = new Date(Date.now() + 25 * HOUR);
    // (Other tests' photos, all unattached, go too: the sweep covers every event.)
    await sweepUnattachedReceipts(app.db, dayLater);
    expect(await storedIds(event.id)).toEqual(byId([attached, ofDeleted]));
  });

  it('counts the stored photos and their bytes in the health check', async () => {
    const { app } = started();
    const [row] = await executeRows<{ count: number; bytes: string }>(
      app.db,
      sql`SELECT count(*)::int AS count, coalesce(sum(bytes), 0)::text AS bytes FROM receipts`,
    );
    const answer = await app.inject({ method: 'GET', url: '/api/health' });
    expect(answer.statusCode).toBe(200);
    const health = dataEnvelope(healthSchema).parse(answer.json()).data;
    expect(health.receipts).toEqual({ count: row?.count, bytes: Number(row?.bytes) });
    expect(health.receipts?.bytes).toBeGreaterThan(0);
  });
});
