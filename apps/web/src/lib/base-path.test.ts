import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, appLink, appPathOf, basePath, basePathOf } from './base-path';

describe('the path the app is served under', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is read from the page’s <base href>, without its last slash', () => {
    expect(basePathOf('https://example.org/')).toBe('');
    expect(basePathOf('https://example.org/quits/')).toBe('/quits');
    expect(basePathOf('https://example.org/apps/quits/')).toBe('/apps/quits');
  });

  it('puts the API and shared links under it', () => {
    vi.stubGlobal('document', { baseURI: 'https://example.org/quits/' });
    vi.stubGlobal('location', { origin: 'https://example.org' });
    expect(basePath()).toBe('/quits');
    expect(apiUrl('/events/abc')).toBe('/quits/api/events/abc');
    expect(appLink('/event/abc/home')).toBe('https://example.org/quits/event/abc/home');
  });

  it('gives the router’s path of an address under it, and leaves others as they are', () => {
    expect(appPathOf('/quits/event/abc/home', '/quits')).toBe('/event/abc/home');
    expect(appPathOf('/quits', '/quits')).toBe('/');
    expect(appPathOf('/event/abc/home', '')).toBe('/event/abc/home');
    expect(appPathOf('/other/event', '/quits')).toBe('/other/event');
  });

  it('is the root where there is no page (the server’s render)', () => {
    vi.stubGlobal('document', undefined);
    expect(basePath()).toBe('');
    expect(apiUrl('/config')).toBe('/api/config');
  });
});
