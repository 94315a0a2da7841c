import { randomBytes } from 'node:crypto';
import type { ReceiptAnalysis } from '@quits/contract';
import type { FastifyInstance } from 'fastify';

export interface FormPart {
  name: string;
  /** Present for a file part. */
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body as a browser sends it, and its Content-Type with the boundary. */
export function multipartBody(parts: readonly FormPart[]): {
  payload: Buffer;
  contentType: string;
} {
  const boundary = `----QuitsTest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data) : part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export interface UploadAnswer {
  status: number;
  body: { data?: ReceiptAnalysis; message?: string; errors?: Record<string, string[]> };
  headers: Record<string, string | string[] | number | undefined>;
}

/** POSTs a body to the receipt analysis of `eventId`, as the web app does. */
export async function postReceiptBody(
  app: FastifyInstance,
  eventId: string,
  payload: Buffer | string,
  contentType: string,
): Promise<UploadAnswer> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/event/${eventId}/receipts/analyze`,
    headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest' },
    payload,
  });
  return {
    status: response.statusCode,
    body: response.body ? JSON.parse(response.body) : {},
    headers: response.headers,
  };
}

/** Uploads `file` in the `receipt` field under a name and type that say nothing of its bytes. */
export function uploadReceipt(
  app: FastifyInstance,
  eventId: string,
  file: Buffer,
  filename = 'receipt.jpg',
  contentType = 'image/jpeg',
): Promise<UploadAnswer> {
  const body = multipartBody([{ name: 'receipt', filename, contentType, data: file }]);
  return postReceiptBody(app, eventId, body.payload, body.contentType);
}

/** GETs a stored receipt image. */
export async function getReceiptImage(app: FastifyInstance, eventId: string, receiptId: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/event/${eventId}/receipts/${receiptId}`,
  });
  return { status: response.statusCode, body: response.rawPayload, headers: response.headers };
}
