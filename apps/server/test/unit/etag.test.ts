import { etagMatches, eventEtag } from '@server/events/event-cache';
import { describe, expect, it } from 'vitest';

describe('etagMatches', () => {
  const etag = eventEtag(7, '2026-10-02');

  it('matches the same tag, a weak copy of it, a list holding it, and *', () => {
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`W/${etag}`, etag)).toBe(true);
    expect(etagMatches(`"1.x", ${etag}`, etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
  });

  it('does not match another version, other rates, or no header', () => {
    expect(etagMatches(eventEtag(6, '2026-10-02'), etag)).toBe(false);
    expect(etagMatches(eventEtag(7, '2026-10-03'), etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });
});
