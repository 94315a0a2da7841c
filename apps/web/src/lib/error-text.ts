import type { TFunction } from 'i18next';
import { ApiError } from './http';

/** What a failed call says to the person: offline, busy (wait a moment), or the server's reason. */
export function errorText(error: Error, t: TFunction): string {
  if (error instanceof ApiError && error.status === 0) return t('errors.network');
  if (error instanceof ApiError && error.status === 429) return tooManyText(error, t);
  return t('errors.generic', { message: error.message });
}

/** The calm words for a 429: nothing is wrong, the server asks for a short pause. */
export function tooManyText(error: ApiError, t: TFunction): string {
  const seconds = error.retryAfterSeconds;
  return seconds === null || seconds <= 0
    ? t('rateLimit.tryAgainSoon')
    : t('rateLimit.tryAgainIn', { count: seconds });
}
