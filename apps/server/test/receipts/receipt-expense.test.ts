import type { Event, Expenditure } from '@quits/contract';
import { insertReceipt } from '@server/receipts/receipt-store';
import { describe, expect, it } from 'vitest';
import { createEvent, expenseBody, personId } from '../support/fixtures';
import { type ApiClient, apiClient, DATABASES, useTestApp } from '../support/test-app';
import { receiptJpeg } from './support/receipt-images';
import { getReceiptImage } from './support/receipt-upload';

describe.each(DATABASES)('expenses with a receipt on %s', (kind) => {
  const started = useTestApp(kind);

  /** A stored receipt of the event, as the analysis leaves it (its reading is not the point). */
  async function storedReceipt(eventId: string): Promise<string> {
    const id = crypto.randomUUID();
    const stored = await insertReceipt(
      started().app.db,
      {
        id,
        eventId,
        image: { jpeg: await receiptJpeg(), width: 900, height: 632 },
        analysis: {
          total: 2340,
          currency_id: 'EUR',
          confidence: 0.9,
          items: [],
          date: '2024-03-12',
          merchant: 'CAFE LUNA',
          text: 'CAFE LUNA\nTOTAL 23.40',
          source: 'ocr',
        },
      },
      { count: 500, bytes: 200 * 1024 * 1024 },
    );
    if (stored !== 'stored') throw new Error('receipt not stored');
    return id;
  }

  function lunch(event: Event, extra: Record<string, unknown> = {}) {
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    return { ...expenseBody({ payer: ana, among: [ana, ben], amount: 2340 }), ...extra };
  }

  const save = (api: ApiClient, eventId: string, body: unknown) =>
    api.post<{ data: Expenditure; errors?: Record<string, string[]> }>(
      `/api/event/${eventId}/expenditure`,
      body,
    );

  const readExpense = async (api: ApiClient, eventId: string, id: string) => {
    const read = await api.get<{ data: Event }>(`/api/events/${eventId}`);
    return read.body.data.expenditures.find((expense) => expense.id === id);
  };

  it('saves an expense with its receipt and reads it back with the event', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const receiptId = await storedReceipt(event.id);
    const body = lunch(event, { receipt_id: receiptId });
    const created = await save(api, event.id, body);
    expect(created.status).toBe(201);
    expect(created.body.data.receipt_id).toBe(receiptId);
    expect((await readExpense(api, event.id, body.id))?.receipt_id).toBe(receiptId);
  });

  it('answers receipt_id null for an expense without one', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const created = await save(api, event.id, lunch(event));
    expect(created.status).toBe(201);
    expect(created.body.data.receipt_id).toBeNull();
  });

  it("refuses another event's receipt and an unknown one with 422 on receipt_id", async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const other = await createEvent(api);
    const theirs = await storedReceipt(other.id);
    for (const receiptId of [theirs, crypto.randomUUID()]) {
      const body = lunch(event, { receipt_id: receiptId });
      const refused = await save(api, event.id, body);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toHaveProperty('receipt_id');
      expect(await readExpense(api, event.id, body.id)).toBeUndefined();
    }
  });

  it('keeps the receipt when an edit leaves receipt_id out, and removes it with null', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const receiptId = await storedReceipt(event.id);
    const body = lunch(event, { receipt_id: receiptId });
    expect((await save(api, event.id, body)).status).toBe(201);

    const { receipt_id: _left, ...withoutReceipt } = body;
    const renamed = await save(api, event.id, { ...withoutReceipt, title: 'Lunch' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ title: 'Lunch', receipt_id: receiptId });

    const detached = await save(api, event.id, { ...body, title: 'Lunch', receipt_id: null });
    expect(detached.status).toBe(200);
    expect(detached.body.data.receipt_id).toBeNull();
    expect((await readExpense(api, event.id, body.id))?.receipt_id).toBeNull();
  });

  it("no longer serves a deleted event's receipts", async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const receiptId = await storedReceipt(event.id);
    expect((await getReceiptImage(started().app, event.id, receiptId)).status).toBe(200);
    expect((await api.del(`/api/events/${event.id}`)).status).toBe(200);
    expect((await getReceiptImage(started().app, event.id, receiptId)).status).toBe(410);
  });

  it('attaches a receipt to an existing expense, and a replay of that changes nothing', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const body = lunch(event);
    expect((await save(api, event.id, body)).status).toBe(201);
    const receiptId = await storedReceipt(event.id);
    const attached = await save(api, event.id, { ...body, receipt_id: receiptId });
    expect(attached.status).toBe(200);
    expect(attached.body.data.receipt_id).toBe(receiptId);
    const replay = await save(api, event.id, { ...body, receipt_id: receiptId });
    expect(replay.status).toBe(200);
    expect(replay.body.data.updated_at).toBe(attached.body.data.updated_at);
  });
});
