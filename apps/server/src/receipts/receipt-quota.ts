import type { Database, Transaction } from '@server/db/connection';
import { HttpError, say } from '@server/http/http-error';
import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** What one event may keep of receipt photos: their number and their stored bytes. */
export interface ReceiptQuota {
  count: number;
  bytes: number;
}

/** What an event keeps now. */
export interface ReceiptUsage {
  count: number;
  bytes: number;
}

/** A table of stored files of events (receipt photos, attachments): its event and size columns. */
export interface StoredFiles {
  table: PgTable;
  eventId: PgColumn;
  bytes: PgColumn;
}

/** What an event keeps in `files` now: how many, and their bytes. */
export async function storedUsage(
  db: Database | Transaction,
  files: StoredFiles,
  eventId: string,
): Promise<ReceiptUsage> {
  const [usage] = await db
    .select({
      count: sql<number>`count(*)::int`,
      // A sum of integers is a bigint, which the drivers answer as text.
      bytes: sql<string>`coalesce(sum(${files.bytes}), 0)::text`,
    })
    .from(files.table)
    .where(eq(files.eventId, eventId));
  return { count: Number(usage?.count ?? 0), bytes: Number(usage?.bytes ?? 0) };
}

/** True when one more photo of `incomingBytes` (0: any photo at all) stays within the quota. */
export function hasRoom(usage: ReceiptUsage, quota: ReceiptQuota, incomingBytes = 0): boolean {
  return usage.count + 1 <= quota.count && usage.bytes + Math.max(incomingBytes, 1) <= quota.bytes;
}

const MEGABYTE = 1024 * 1024;

/** The refusal of an upload past the quota: a 422 on `receipts`, which the web app names. */
export function quotaFull(quota: ReceiptQuota): HttpError {
  const megabytes = Math.floor(quota.bytes / MEGABYTE);
  return new HttpError(422, say('receipt_quota', { photos: quota.count, megabytes }), {
    receipts: [say('receipt_quota_field', { photos: quota.count, megabytes })],
  });
}
