import { RENDER_AGAIN_CLASS, RENDERED_FIRST_SCREEN_ID } from '@web/lib/rendered-first-screen';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_DATA_ID, type FirstScreenData } from './first-screen-data';
import { type FirstScreenWindow, runFirstScreen } from './run-first-screen';

const DATA: FirstScreenData = {
  entry: '/assets/index.js',
  app: ['/assets/runtime.js', '/assets/app.js'],
  screens: [
    ['^/$', ['/assets/home-page.js'], []],
    ['^/event/([^/]+)/home$', ['/assets/event-home-page.js'], ['/events/$1', '/currencies']],
  ],
  locales: { en: '/assets/en.js', de: '/assets/de.js' },
};

const RENDERED = {
  path: '/event/e1/home',
  title: 'Trip',
  renderedFor: { language: 'de', locale: 'de-CH', mode: 'light', whoami: 'p1' },
  answers: { '/events/e1': { data: { currency_id: 'CHF' } } },
};

interface Page {
  path: string;
  /** The page's JSON elements by id; the build's data unless told. */
  elements?: Record<string, unknown>;
  stored?: Record<string, string>;
  /** localStorage throws as it is reached. */
  storageBlocked?: boolean;
  language?: string;
  /** The media queries that match. */
  media?: string[];
  readyState?: DocumentReadyState;
  visibilityState?: DocumentVisibilityState;
  /** An old browser's: no `fetch`, no `crypto.randomUUID` (which also needs a secure origin). */
  without?: ('fetch' | 'randomUUID')[];
}

/** An element the script added to the head, with what it set on it. */
type Added = Record<string, string>;

/** A stand-in for the parts of `window` the script uses, recording what it does. */
function fakeBrowser(page: Page) {
  const elements = page.elements ?? { [FIRST_SCREEN_DATA_ID]: DATA };
  const stored = new Map(Object.entries(page.stored ?? {}));
  const added: Added[] = [];
  const classes: string[] = [];
  const listeners = new Map<string, (event: unknown) => void>();
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const fetched: { url: string; headers: Record<string, string> }[] = [];
  const document = {
    readyState: page.readyState ?? 'interactive',
    visibilityState: page.visibilityState ?? 'visible',
    head: { appendChild: (element: Added) => added.push(element) },
    documentElement: { classList: { add: (name: string) => classes.push(name) } },
    getElementById: (id: string) =>
      id in elements ? { textContent: JSON.stringify(elements[id]) } : null,
    createElement: (tag: string): Added => ({ tag }),
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      listeners.set(type, listener),
  };
  const browser = {
    document,
    location: { pathname: page.path },
    navigator: { language: page.language ?? 'en-US' },
    get localStorage() {
      if (page.storageBlocked)
        throw new DOMException('The operation is insecure.', 'SecurityError');
      return {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => void stored.set(key, value),
      };
    },
    crypto: page.without?.includes('randomUUID') ? {} : { randomUUID: () => 'new-device' },
    matchMedia: (query: string) => ({ matches: (page.media ?? []).includes(query) }),
    fetch: page.without?.includes('fetch')
      ? undefined
      : (url: string, init: { headers: Record<string, string> }) => {
          fetched.push({ url, headers: init.headers });
          return Promise.resolve(new Response('{}'));
        },
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
  };
  return {
    // Only what the script uses: a window's full document and storage are not needed.
    browser: browser as unknown as FirstScreenWindow,
    stored,
    added,
    classes,
    listeners,
    frames,
    timers,
    fetched,
    /** What the head fetches and runs, in order: `preload:` URLs, then `run:` the entry. */
    loads: () =>
      added.map((element) =>
        element.tag === 'link' ? `preload:${element.href}` : `run:${element.src}`,
      ),
  };
}

describe('the first-screen script', () => {
  it('does nothing on a page without the build’s data (the development server’s)', () => {
    const page = fakeBrowser({ path: '/', elements: {} });
    runFirstScreen(page.browser);
    expect(page.added).toEqual([]);
  });

  it('fetches the app, the start page and the browser language’s texts at /, and runs the app', () => {
    const page = fakeBrowser({ path: '/', language: 'de-AT' });
    runFirstScreen(page.browser);
    expect(page.loads()).toEqual([
      'preload:/assets/runtime.js',
      'preload:/assets/app.js',
      'preload:/assets/home-page.js',
      'preload:/assets/de.js',
      'run:/assets/index.js',
    ]);
    expect(page.added.at(-1)).toMatchObject({ type: 'module', crossOrigin: '' });
    expect(page.added[0]).toMatchObject({ rel: 'modulepreload', crossOrigin: '' });
    expect(page.fetched).toEqual([]);
  });

  it('fetches the texts of the saved language, else English', () => {
    const saved = fakeBrowser({ path: '/', language: 'de-AT', stored: { locale: 'en' } });
    runFirstScreen(saved.browser);
    expect(saved.loads()).toContain('preload:/assets/en.js');
    expect(saved.loads()).not.toContain('preload:/assets/de.js');
    const unknown = fakeBrowser({ path: '/', language: 'pt-BR' });
    runFirstScreen(unknown.browser);
    expect(unknown.loads()).toContain('preload:/assets/en.js');
  });

  it('fetches only the app and its texts on a page that is no first screen', () => {
    const page = fakeBrowser({ path: '/event/e1/expenses', language: 'de-DE' });
    runFirstScreen(page.browser);
    expect(page.loads()).toEqual([
      'preload:/assets/runtime.js',
      'preload:/assets/app.js',
      'preload:/assets/de.js',
      'run:/assets/index.js',
    ]);
    expect(page.fetched).toEqual([]);
  });

  it('asks the API for what an event home reads first, as this device, for the app to take', () => {
    const page = fakeBrowser({ path: '/event/e1/home' });
    runFirstScreen(page.browser);
    expect(page.fetched.map((call) => call.url)).toEqual(['/api/events/e1', '/api/currencies']);
    expect(page.fetched[0]?.headers).toEqual({
      'X-Requested-With': 'XMLHttpRequest',
      'Device-ID': 'new-device',
      'Content-Type': 'application/json',
    });
    expect(page.stored.get('device_id')).toBe('new-device');
    expect(Object.keys(page.browser.quitsPreloaded ?? {})).toEqual(['/events/e1', '/currencies']);
    expect(page.loads()).toContain('preload:/assets/event-home-page.js');
  });

  it('sends the device id kept on the device', () => {
    const page = fakeBrowser({ path: '/event/e1/home', stored: { device_id: 'kept' } });
    runFirstScreen(page.browser);
    expect(page.fetched[0]?.headers['Device-ID']).toBe('kept');
  });

  it('leaves the API to the app when the storage is blocked, and speaks the browser’s language', () => {
    const page = fakeBrowser({ path: '/event/e1/home', storageBlocked: true, language: 'de-CH' });
    runFirstScreen(page.browser);
    expect(page.fetched).toEqual([]);
    expect(page.browser.quitsPreloaded).toBeUndefined();
    expect(page.loads()).toContain('preload:/assets/de.js');
  });

  it('leaves the API to the app where the browser cannot fetch or make a device id', () => {
    const noFetch = fakeBrowser({ path: '/event/e1/home', without: ['fetch'] });
    runFirstScreen(noFetch.browser);
    expect(noFetch.browser.quitsPreloaded).toBeUndefined();
    expect(noFetch.stored.has('device_id')).toBe(false);
    const noIds = fakeBrowser({ path: '/event/e1/home', without: ['randomUUID'] });
    runFirstScreen(noIds.browser);
    expect(noIds.fetched).toEqual([]);
    expect(noIds.loads().at(-1)).toBe('run:/assets/index.js');
  });

  it('runs the app once the page is read when it is still loading', () => {
    const page = fakeBrowser({ path: '/', readyState: 'loading' });
    runFirstScreen(page.browser);
    expect(page.loads()).not.toContain('run:/assets/index.js');
    page.listeners.get('DOMContentLoaded')?.({});
    expect(page.loads().at(-1)).toBe('run:/assets/index.js');
  });

  describe('on a screen the server rendered', () => {
    const rendered = (page: Omit<Page, 'path' | 'elements'>, answers = RENDERED.answers) =>
      fakeBrowser({
        path: '/event/e1/home',
        elements: {
          [FIRST_SCREEN_DATA_ID]: DATA,
          [RENDERED_FIRST_SCREEN_ID]: { ...RENDERED, answers },
        },
        ...page,
      });
    const sameDevice = {
      language: 'de-CH',
      stored: { whoami: JSON.stringify([{ id: 'p1', event_id: 'e1' }]) },
    };

    it('shows it on the device it was rendered for, and fetches the app once it has painted', () => {
      const page = rendered(sameDevice);
      runFirstScreen(page.browser);
      expect(page.classes).toEqual([]);
      expect(page.added).toEqual([]);
      expect(page.frames).toHaveLength(1);
      expect(page.timers.map((timer) => timer.ms)).toEqual([200]);
      page.frames[0]?.();
      page.timers[1]?.run();
      page.timers[0]?.run();
      expect(page.loads().filter((load) => load.startsWith('run:'))).toEqual([
        'run:/assets/index.js',
      ]);
    });

    it('asks the API only for what did not come with the page', () => {
      const page = rendered(sameDevice);
      runFirstScreen(page.browser);
      expect(page.fetched.map((call) => call.url)).toEqual(['/api/currencies']);
    });

    it('keeps the last button tapped before the app runs, for the app to tap again', () => {
      const page = rendered(sameDevice);
      runFirstScreen(page.browser);
      const button = { id: 'mark-paid' };
      page.listeners.get('click')?.({ target: { closest: () => button } });
      expect(page.browser.quitsEarlyTap).toBe(button);
      page.browser.quitsTakenOver = true;
      page.listeners.get('click')?.({ target: { closest: () => ({ id: 'later' }) } });
      expect(page.browser.quitsEarlyTap).toBe(button);
    });

    it('fetches the app at once when the page is not visible', () => {
      const page = rendered({ ...sameDevice, visibilityState: 'hidden' });
      runFirstScreen(page.browser);
      expect(page.loads().at(-1)).toBe('run:/assets/index.js');
    });

    it('hides it before it paints on another device, which draws it itself at once', () => {
      const devices: Omit<Page, 'path' | 'elements'>[] = [
        { ...sameDevice, language: 'fr-FR' },
        { ...sameDevice, media: ['(prefers-color-scheme: dark)'] },
        { ...sameDevice, stored: { ...sameDevice.stored, theme: 'dark' } },
        { ...sameDevice, media: ['(min-width: 600px)'] },
        { ...sameDevice, stored: {} },
        { ...sameDevice, stored: { whoami: 'not a list' } },
      ];
      for (const device of devices) {
        const page = rendered(device);
        runFirstScreen(page.browser);
        expect(page.classes).toEqual([RENDER_AGAIN_CLASS]);
        expect(page.listeners.has('click')).toBe(false);
        expect(page.loads().at(-1)).toBe('run:/assets/index.js');
      }
    });

    it('shows it in the saved theme even where the system prefers the other', () => {
      const page = rendered({
        ...sameDevice,
        stored: { ...sameDevice.stored, theme: 'light' },
        media: ['(prefers-color-scheme: dark)'],
      });
      runFirstScreen(page.browser);
      expect(page.classes).toEqual([]);
    });
  });
});
