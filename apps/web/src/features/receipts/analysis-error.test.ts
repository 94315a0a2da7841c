import { ApiError } from '@web/lib/http';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { analysisErrorText } from './analysis-error';

/** Answers the key it is asked for, so that a test reads which text was chosen. */
const t = ((key: string) => key) as unknown as TFunction;

describe('why a receipt could not be analysed', () => {
  it('names a full event in the person’s words, not in the server’s English', () => {
    const full = new ApiError(422, 'This event already keeps as many receipt photos as it may', {
      receipts: ['At most 500 photos or 200 MB per event.'],
    });
    expect(analysisErrorText(full, t)).toBe('receipts.quotaFull');
  });

  it('keeps the server’s reason for a photo it could not read', () => {
    const damaged = new ApiError(422, 'The photo could not be read', { receipt: ['Damaged.'] });
    expect(analysisErrorText(damaged, t)).toBe('receipts.failedDetail');
  });

  it('tells a photo that is too large from a busy server', () => {
    expect(analysisErrorText(new ApiError(413, 'too large'), t)).toBe('receipts.tooLarge');
    expect(analysisErrorText(new ApiError(503, 'busy'), t)).toBe('receipts.busy');
  });
});
