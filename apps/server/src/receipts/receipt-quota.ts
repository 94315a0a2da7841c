import { HttpError, say } from '@server/http/http-error';

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
