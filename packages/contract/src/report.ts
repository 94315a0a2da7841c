import { z } from 'zod';
import { isoDateSchema } from './primitives';
import { PUSH_LOCALES } from './push';

/** The languages a statement is written in: the web app's own. */
export const REPORT_LANGUAGES = PUSH_LOCALES;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

/**
 * `GET /events/{id}/report`: the language, and an optional date range (inclusive) for the list
 * of expenses and payments and the statistics; the balances are always today's.
 */
export const reportQuerySchema = z
  .object({
    lang: z
      .enum(REPORT_LANGUAGES, { message: `Must be one of: ${REPORT_LANGUAGES.join(', ')}.` })
      .default('en'),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'Must not be before the start date.',
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** The answer is the PDF file itself (`application/pdf`), as a download. */
export const reportFileSchema = z.string().describe('A PDF file (application/pdf)');
