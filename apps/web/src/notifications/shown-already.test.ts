import { describe, expect, it } from 'vitest';
import { type AppWindow, eventOfPath, showsEventAlready } from './shown-already';

const EVENT_ID = 'ePPUbBK4SwaFdV-grodJMQ';
const OTHER_ID = 'Xq3vR8mN2pL5sK9tW1yZ4a';

const appWindow = (path: string, change: Partial<AppWindow> = {}): AppWindow => ({
  url: `https://quits.example${path}`,
  focused: true,
  visibilityState: 'visible',
  ...change,
});

describe('a push notification of a change', () => {
  it('reads the event of every screen of it', () => {
    expect(eventOfPath(`/event/${EVENT_ID}/home`)).toBe(EVENT_ID);
    expect(eventOfPath(`/event/${EVENT_ID}/people/abc`)).toBe(EVENT_ID);
    expect(eventOfPath(`/event/expense/${EVENT_ID}/abc`)).toBe(EVENT_ID);
    expect(eventOfPath(`/event/payment/${EVENT_ID}/abc`)).toBe(EVENT_ID);
    expect(eventOfPath('/')).toBeNull();
    expect(eventOfPath('/event/')).toBeNull();
    expect(eventOfPath('/event/expense/')).toBeNull();
  });

  it('is not shown while a window in front of the person shows the event', () => {
    expect(showsEventAlready([appWindow(`/event/${EVENT_ID}/home`)], EVENT_ID)).toBe(true);
    expect(showsEventAlready([appWindow(`/event/expense/${EVENT_ID}/x`)], EVENT_ID)).toBe(true);
    // Served under a base path (BASE_PATH), the same screens.
    const under = appWindow(`/quits/event/${EVENT_ID}/home`);
    expect(showsEventAlready([under], EVENT_ID, '/quits')).toBe(true);
  });

  it('is shown when no window shows the event, or the one that does is behind others', () => {
    expect(showsEventAlready([], EVENT_ID)).toBe(false);
    expect(showsEventAlready([appWindow(`/event/${OTHER_ID}/home`)], EVENT_ID)).toBe(false);
    expect(showsEventAlready([appWindow('/')], EVENT_ID)).toBe(false);
    const behind = appWindow(`/event/${EVENT_ID}/home`, { focused: false });
    const hidden = appWindow(`/event/${EVENT_ID}/home`, { visibilityState: 'hidden' });
    expect(showsEventAlready([behind, hidden], EVENT_ID)).toBe(false);
  });
});
