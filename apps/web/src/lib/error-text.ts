import type { TFunction } from 'i18next';
import { ApiError } from './http';

/** What a failed call says to the person: offline, or the server's reason. */
export function errorText(error: Error, t: TFunction): string {
  return error instanceof ApiError && error.status === 0
    ? t('errors.network')
    : t('errors.generic', { message: error.message });
}
