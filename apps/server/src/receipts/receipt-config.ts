import { blankAsUnset, wholeNumber } from '@server/env-values';
import { z } from 'zod';

/**
 * The environment variables of receipt reading, spread into the server's configuration
 * schema. With `RECEIPT_MODEL_URL` and `RECEIPT_MODEL` set, photos also go to that vision
 * model, and the built-in OCR is the fallback.
 */
export const receiptEnvironment = {
  /** Tesseract workers reading at once; each holds about 40–80 MB once started. */
  RECEIPT_WORKERS: wholeNumber(2, 16),
  /** Receipts waiting for a worker at most; one more is answered 503 with Retry-After. */
  RECEIPT_QUEUE: wholeNumber(10, 1_000, 0),
  /** An OpenAI-compatible chat completions endpoint (e.g. Ollama's /v1/chat/completions). */
  RECEIPT_MODEL_URL: blankAsUnset(
    z
      .url({ message: 'must be an absolute URL' })
      .refine((value) => ['http:', 'https:'].includes(new URL(value).protocol), {
        message: 'must start with http:// or https://',
      })
      .optional(),
  ),
  /** The model's name at that endpoint, e.g. `qwen2.5vl:7b`. */
  RECEIPT_MODEL: blankAsUnset(z.string().trim().min(1).max(200).optional()),
  /** Sent as `Authorization: Bearer …` when set. */
  RECEIPT_MODEL_KEY: blankAsUnset(z.string().trim().min(1).max(1_000).optional()),
  /**
   * Receipt photos one event keeps at most, and their bytes (as stored, cleaned JPEGs of about
   * 0.2–1 MB): one more upload is refused with a message. Photos never attached to an expense
   * are deleted after a day, so an event filled by abandoned scans frees itself.
   */
  RECEIPT_QUOTA_COUNT: wholeNumber(500, 1_000_000),
  RECEIPT_QUOTA_BYTES: wholeNumber(200 * 1024 * 1024, Number.MAX_SAFE_INTEGER),
  /** Milliseconds the model may take before the OCR's reading is used instead. */
  RECEIPT_MODEL_TIMEOUT_MS: wholeNumber(30_000, 600_000, 100),
};

/** The model's URL and name go together. */
export function checkReceiptModel(
  env: { RECEIPT_MODEL_URL?: string | undefined; RECEIPT_MODEL?: string | undefined },
  context: z.RefinementCtx,
): void {
  if (Boolean(env.RECEIPT_MODEL_URL) === Boolean(env.RECEIPT_MODEL)) return;
  const missing = env.RECEIPT_MODEL_URL ? 'RECEIPT_MODEL' : 'RECEIPT_MODEL_URL';
  context.addIssue({ code: 'custom', path: [missing], message: 'must be set with the other' });
}
