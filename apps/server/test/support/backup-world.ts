import type { Attachment, Event } from '@quits/contract';
import type { SqlSession } from '@server/db/sql-session';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { multipartBody } from '../receipts/support/receipt-upload';
import { createEvent, expenseBody, paymentBody, personId } from './fixtures';
import { type ApiClient, apiClient } from './test-app';

/** A small photo, as an upload cleans it. */
function photo(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3070a0' } })
    .jpeg()
    .toBuffer();
}

async function attach(app: FastifyInstance, eventId: string): Promise<Attachment> {
  const { payload, contentType } = multipartBody([
    { name: 'file', filename: 'ticket.jpg', data: await photo() },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: `/api/event/${eventId}/attachments`,
    headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest' },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (JSON.parse(response.body) as { data: Attachment }).data;
}

/**
 * An event with something of every kind a copy must keep: people, an expense with a photo, a
 * payment, a deleted expense (history that can restore it), in EUR and in USD.
 */
export async function seedEvent(app: FastifyInstance): Promise<{ event: Event; api: ApiClient }> {
  const api = apiClient(app);
  const event = await createEvent(api, ['Ana', 'Ben', 'Chloé']);
  const [ana, ben, chloe] = ['Ana', 'Ben', 'Chloé'].map((name) => personId(event, name)) as [
    string,
    string,
    string,
  ];
  const file = await attach(app, event.id);
  const withPhoto = {
    ...expenseBody({ payer: ana, among: [ana, ben, chloe], amount: 12_345 }),
    attachments: [file],
  };
  expect((await api.post(`/api/event/${event.id}/expenditure`, withPhoto)).status).toBe(201);
  const dollars = expenseBody({ payer: ben, among: [ana, ben], amount: 999, currency_id: 'USD' });
  expect((await api.post(`/api/event/${event.id}/expenditure`, dollars)).status).toBe(201);
  const gone = expenseBody({ payer: chloe, among: [ana, chloe], amount: 500 });
  expect((await api.post(`/api/event/${event.id}/expenditure`, gone)).status).toBe(201);
  expect((await api.del(`/api/event/${event.id}/expenditure/${gone.id}`)).status).toBe(200);
  const payment = paymentBody({ from: ben, to: ana, amount: 4_000 });
  expect((await api.post(`/api/event/${event.id}/payments`, payment)).status).toBe(201);
  return { event, api };
}

/** What a person sees of an event at its link: the event, its history, its photo's bytes. */
export async function eventAtItsLink(app: FastifyInstance, eventId: string) {
  const api = apiClient(app, '00000000-0000-4000-8000-00000000b4c0');
  const event = await api.get<{ data: Event }>(`/api/events/${eventId}`);
  const history = await api.get(`/api/events/${eventId}/activity`);
  const files = event.body.data.expenditures.flatMap((expense) => expense.attachments ?? []);
  const bytes = await Promise.all(
    files.map(async (file) => {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/event/${eventId}/attachments/${file.id}`,
      });
      return { status: answer.statusCode, bytes: answer.rawPayload.toString('base64') };
    }),
  );
  return { status: event.status, event: event.body.data, history: history.body, files: bytes };
}

/** The server's own keys and settings (VAPID, device pseudonyms, rates), as stored. */
export async function storedSettings(session: SqlSession): Promise<string[]> {
  const rows = await session.query<{ key: string; value: string }>(
    'SELECT key, value::text AS value FROM settings ORDER BY key',
  );
  return rows.map((row) => `${row.key}=${row.value}`);
}
