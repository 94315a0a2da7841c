import { ApiError } from '@web/lib/http';

/**
 * Whether the server refused this browser's push service itself (a 422 on the endpoint: not
 * found, or not on the public internet). Trying again cannot help, and the person should hear
 * why rather than to check their connection.
 */
export function isRefusedPushService(error: unknown): boolean {
  return error instanceof ApiError && error.status === 422 && 'endpoint' in error.errors;
}

/** The translation key that says why notifications could not be turned on or off. */
export function pushFailureKey(error: unknown): 'push.serviceRefused' | 'push.failed' {
  return isRefusedPushService(error) ? 'push.serviceRefused' : 'push.failed';
}
