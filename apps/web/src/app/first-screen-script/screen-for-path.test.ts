import { describe, expect, it } from 'vitest';
import type { FirstScreen } from './first-screen-data';
import { screenForPath } from './screen-for-path';

const SCREENS: FirstScreen[] = [
  ['^/$', ['/assets/home-page.js'], []],
  [
    '^/event/([^/]+)/home$',
    ['/assets/event-home-page.js', '/assets/money.js'],
    ['/events/$1', '/currencies'],
  ],
];

describe('the screen a URL opens', () => {
  it('is the start page’s code, with nothing to ask the API, at /', () => {
    expect(screenForPath(SCREENS, '/')).toEqual({
      code: ['/assets/home-page.js'],
      api: [],
      group: '',
    });
  });

  it('is an event home’s code and that event’s API paths at its link', () => {
    expect(screenForPath(SCREENS, '/event/ab%20c/home')).toEqual({
      code: ['/assets/event-home-page.js', '/assets/money.js'],
      api: ['/events/ab%20c', '/currencies'],
      group: 'ab%20c',
    });
  });

  it('is none on any other page', () => {
    expect(screenForPath(SCREENS, '/event/abc/expenses')).toBeNull();
    expect(screenForPath(SCREENS, '/event/abc/home/more')).toBeNull();
    expect(screenForPath(SCREENS, '/last-event')).toBeNull();
    expect(screenForPath([], '/')).toBeNull();
  });

  it('is the first pattern that matches', () => {
    const overlapping: FirstScreen[] = [
      ['^/event/(a)', ['/first.js'], []],
      ['^/event/([^/]+)/home$', ['/second.js'], []],
    ];
    expect(screenForPath(overlapping, '/event/a/home')?.code).toEqual(['/first.js']);
  });
});
