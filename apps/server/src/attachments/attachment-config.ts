import { wholeNumber } from '@server/env-values';

/**
 * The environment variables of attachments (photos and PDFs of expenses and payments), spread
 * into the server's configuration schema: what one event keeps at most, by count and by stored
 * bytes. One more upload is refused with a message; files no entry lists are swept after a day.
 */
export const attachmentEnvironment = {
  ATTACHMENT_QUOTA_COUNT: wholeNumber(1_000, 1_000_000),
  ATTACHMENT_QUOTA_BYTES: wholeNumber(500 * 1024 * 1024, Number.MAX_SAFE_INTEGER),
};
