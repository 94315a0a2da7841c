import { ApiError } from '@web/lib/http';
import { describe, expect, it } from 'vitest';
import { isRefusedPushService, pushFailureKey } from './push-failure';

describe('why notifications could not be turned on', () => {
  it('says the push service is refused when the server refused the endpoint', () => {
    const refused = new ApiError(
      422,
      'The push service push.corp.example is not on the public internet.',
      { endpoint: ['The push service push.corp.example is not on the public internet.'] },
    );
    expect(isRefusedPushService(refused)).toBe(true);
    expect(pushFailureKey(refused)).toBe('push.serviceRefused');
  });

  it('asks to check the connection for anything else', () => {
    for (const error of [
      new ApiError(422, 'Invalid data', { locale: ['Must be one of en, de.'] }),
      new ApiError(503, 'Service unavailable'),
      new TypeError('Failed to fetch'),
    ]) {
      expect(isRefusedPushService(error)).toBe(false);
      expect(pushFailureKey(error)).toBe('push.failed');
    }
  });
});
