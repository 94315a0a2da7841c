import { describe, expect, it } from 'vitest';
import { FIRST_LINK, type LiveLink, linkAfter, showsReconnecting } from './live-link';

/** The link after pusher-js reported these states, in order, from a page's start. */
const after = (...states: string[]): LiveLink => states.reduce(linkAfter, FIRST_LINK);

describe('the reconnecting indicator', () => {
  it("stays hidden during a page's first connect, however long it takes", () => {
    expect(showsReconnecting(after('connecting'), true)).toBe(false);
    expect(showsReconnecting(after('connecting', 'unavailable'), true)).toBe(false);
  });

  it('shows once a connection that was up is tried again', () => {
    expect(showsReconnecting(after('connecting', 'connected', 'connecting'), true)).toBe(true);
    expect(
      showsReconnecting(after('connecting', 'connected', 'connecting', 'unavailable'), true),
    ).toBe(true);
  });

  it('goes away when the connection is up again', () => {
    expect(
      showsReconnecting(after('connecting', 'connected', 'unavailable', 'connected'), true),
    ).toBe(false);
  });

  it('leaves an offline device to the offline notice', () => {
    expect(showsReconnecting(after('connecting', 'connected', 'unavailable'), false)).toBe(false);
  });

  it('says nothing of a connection closed on purpose or not possible at all', () => {
    expect(showsReconnecting(after('connecting', 'connected', 'disconnected'), true)).toBe(false);
    expect(showsReconnecting(after('connecting', 'connected', 'failed'), true)).toBe(false);
  });

  it('keeps the same link when a state is reported again, so nothing re-renders', () => {
    const link = after('connecting', 'connected');
    expect(linkAfter(link, 'connected')).toBe(link);
  });
});
