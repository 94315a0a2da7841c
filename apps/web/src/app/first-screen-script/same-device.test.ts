import type { RenderedFirstScreen } from '@web/lib/rendered-first-screen';
import { describe, expect, it } from 'vitest';
import { isRenderedFor, type ThisDevice } from './same-device';

const RENDERED: RenderedFirstScreen = {
  path: '/event/e1/home',
  title: 'Trip',
  renderedFor: { language: 'de', locale: 'de-CH', mode: 'light', whoami: 'p1' },
  answers: {},
};

const SAME: ThisDevice = {
  path: '/event/e1/home',
  mode: 'light',
  language: 'de',
  locale: 'de-CH',
  wide: false,
  whoami: 'p1',
};

describe('a screen the server rendered', () => {
  it('shows on the device it was rendered for', () => {
    expect(isRenderedFor(RENDERED, SAME)).toBe(true);
  });

  it('is drawn again on a device that differs in anything it shows', () => {
    expect(isRenderedFor(RENDERED, { ...SAME, path: '/event/e2/home' })).toBe(false);
    expect(isRenderedFor(RENDERED, { ...SAME, mode: 'dark' })).toBe(false);
    expect(isRenderedFor(RENDERED, { ...SAME, language: 'fr' })).toBe(false);
    expect(isRenderedFor(RENDERED, { ...SAME, locale: 'de-DE' })).toBe(false);
    expect(isRenderedFor(RENDERED, { ...SAME, whoami: null })).toBe(false);
    expect(isRenderedFor(RENDERED, { ...SAME, whoami: 'p2' })).toBe(false);
  });

  it('is drawn again wider than a phone: only the phone’s layout is rendered', () => {
    expect(isRenderedFor(RENDERED, { ...SAME, wide: true })).toBe(false);
  });

  it('shows to a device that has not said who it is when rendered for nobody', () => {
    const forNobody = { ...RENDERED, renderedFor: { ...RENDERED.renderedFor, whoami: null } };
    expect(isRenderedFor(forNobody, { ...SAME, whoami: null })).toBe(true);
  });

  it('is drawn again on a URL that is no event’s screen', () => {
    const forNobody = { ...RENDERED, renderedFor: { ...RENDERED.renderedFor, whoami: null } };
    expect(isRenderedFor(forNobody, { ...SAME, whoami: undefined })).toBe(false);
  });

  it('is drawn again when it does not say whom it was rendered for', () => {
    const unsaid = JSON.parse('{"path":"/event/e1/home","answers":{}}') as RenderedFirstScreen;
    expect(isRenderedFor(unsaid, SAME)).toBe(false);
  });
});
