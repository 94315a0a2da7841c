import { ApiError } from '@web/lib/http';
import type { TFunction } from 'i18next';
import type { PhotoProblem } from './photo-check';

/** What went wrong with a photo before it was sent, in the person's words. */
export function photoProblemText(problem: PhotoProblem, t: TFunction): string {
  return problem === 'too-large' ? t('receipts.tooLarge') : t('receipts.wrongType');
}

/**
 * Why a receipt could not be analysed, in words a person acts on: no network (receipts are
 * read on the server, so nothing can wait on the device), a photo the server refused, an event
 * that keeps all the photos it may, a busy server, or the server's own reason.
 */
export function analysisErrorText(error: Error, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('receipts.failedDetail', { message: error.message });
  switch (error.status) {
    case 0:
      return t('receipts.offline');
    case 413:
      return photoProblemText('too-large', t);
    case 415:
      return photoProblemText('wrong-type', t);
    case 422:
      // The event's quota of photos: `receipts` names it (a damaged photo names `receipt`).
      return 'receipts' in error.errors
        ? t('receipts.quotaFull')
        : t('receipts.failedDetail', { message: error.message });
    case 429:
    case 503:
      return t('receipts.busy');
    default:
      return t('receipts.failedDetail', { message: error.message });
  }
}
