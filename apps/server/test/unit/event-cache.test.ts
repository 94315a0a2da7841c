import { type CachedEvent, EventCache } from '@server/events/event-cache';
import { describe, expect, it } from 'vitest';

/** A cached entry whose serialised body is `bytes` long; its event is not looked at. */
const entry = (version: number, bytes: number): CachedEvent => ({
  version,
  ratesVersion: 'r',
  etag: `"${version}.r"`,
  event: {} as CachedEvent['event'],
  body: Buffer.alloc(bytes),
});

describe('the event cache', () => {
  it('keeps at most its bytes of events, dropping the least recently read first', () => {
    const cache = new EventCache(500, 1_000);
    cache.set('a', entry(1, 400));
    cache.set('b', entry(1, 400));
    expect(cache.get('a', 1, 'r')).toBeDefined(); // a is now the most recent
    cache.set('c', entry(1, 400));
    expect(cache.get('b', 1, 'r')).toBeUndefined();
    expect(cache.get('a', 1, 'r')).toBeDefined();
    expect(cache.get('c', 1, 'r')).toBeDefined();
  });

  it('counts a replaced version once, and never keeps an event larger than its budget', () => {
    const cache = new EventCache(500, 1_000);
    for (let version = 1; version <= 10; version++) cache.set('a', entry(version, 600));
    cache.set('b', entry(1, 400));
    expect(cache.get('a', 10, 'r')).toBeDefined();
    expect(cache.get('b', 1, 'r')).toBeDefined();
    cache.set('huge', entry(1, 1_001));
    expect(cache.get('huge', 1, 'r')).toBeUndefined();
    expect(cache.get('a', 10, 'r')).toBeDefined();
  });

  it('keeps at most its count of events', () => {
    const cache = new EventCache(2, 1_000);
    cache.set('a', entry(1, 1));
    cache.set('b', entry(1, 1));
    cache.set('c', entry(1, 1));
    expect(cache.get('a', 1, 'r')).toBeUndefined();
    expect(cache.get('c', 1, 'r')).toBeDefined();
  });
});
