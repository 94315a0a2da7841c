import { pauseSeconds } from '@web/offline/replay-pause';
import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from './retry-after';

describe('retryAfterSeconds', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');

  it('reads a number of seconds', () => {
    expect(retryAfterSeconds('42', now)).toBe(42);
    expect(retryAfterSeconds(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date as the seconds until then, never below zero', () => {
    expect(retryAfterSeconds('Sat, 21 Nov 2026 12:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds('Sat, 21 Nov 2026 11:00:00 GMT', now)).toBe(0);
  });

  it('is null when there is nothing to read', () => {
    expect(retryAfterSeconds(null, now)).toBeNull();
    expect(retryAfterSeconds('', now)).toBeNull();
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds('-5', now)).toBeNull();
  });
});

describe('pauseSeconds', () => {
  it('waits as asked, at least a second, at most ten minutes, half a minute when not told', () => {
    expect(pauseSeconds(12)).toBe(12);
    expect(pauseSeconds(0)).toBe(1);
    expect(pauseSeconds(86_400)).toBe(600);
    expect(pauseSeconds(null)).toBe(30);
  });
});
