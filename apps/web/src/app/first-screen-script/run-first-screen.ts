import { chooseLanguage } from '@web/app/language-choice';
import { isThemeMode, themeMode } from '@web/app/theme-choice';
import { isWhoAmIRecords, whoAmIOf } from '@web/features/events/who-am-i-records';
import { appPathOf, basePathOf } from '@web/lib/base-path';
import { keepEarlyTaps } from '@web/lib/early-taps';
import {
  RENDER_AGAIN_CLASS,
  type RenderedFirstScreen,
  readRenderedFirstScreen,
} from '@web/lib/rendered-first-screen';
import { isString, readStored, STORAGE_KEYS, type StorageAccess } from '@web/lib/storage';
import { readFirstScreenData } from './first-screen-data';
import { loadApp } from './load-app';
import { type ApiWindow, preloadApi } from './preload-api';
import { isRenderedFor, type ThisDevice } from './same-device';
import { type ScreenToLoad, screenForPath } from './screen-for-path';

/** What the first-screen script uses of the browser: `window`, or a stand-in in tests. */
export type FirstScreenWindow = ApiWindow &
  Pick<
    Window,
    | 'document'
    | 'location'
    | 'navigator'
    | 'requestAnimationFrame'
    | 'setTimeout'
    | 'quitsEarlyTap'
    | 'quitsTakenOver'
  > &
  Partial<Pick<Window, 'matchMedia'>>;

const DARK = '(prefers-color-scheme: dark)';
/** MUI's `sm` breakpoint, where the app's layout is no longer the phone's. */
const WIDE = '(min-width: 600px)';

/**
 * The first-screen script: runs first, inline in index.html's head, before the first paint
 * (the build bundles it: apps/web/build/preload-first-screen.ts). Fetches the app's code, the code
 * of the first screen the URL opens, and the texts of the language the app will choose, at once
 * instead of each in turn once the app asks; asks the API for what that screen reads first,
 * unless the server rendered the screen and sent the answers with the page (src/ssr). A screen
 * the server rendered for another device is hidden before it paints; one rendered for this
 * device shows, and the app's code is fetched only once it has painted.
 */
export function runFirstScreen(browser: FirstScreenWindow): void {
  const { document: page, location, navigator } = browser;
  const data = readFirstScreenData(page);
  if (!data) return;
  const storage: StorageAccess = () => browser.localStorage;
  // The app's code and the screen's, in the order they are wanted.
  const code = data.app.slice();
  const rendered = readRenderedFirstScreen(page);
  // The app's own path, without the base path the server serves it under (<base href>).
  const base = page.baseURI ? basePathOf(page.baseURI) : '';
  const path = appPathOf(location.pathname, base);
  const screen = screenForPath(data.screens, path);
  if (screen) {
    code.push(...screen.code);
    preloadApi(browser, screen.api, rendered?.answers, base);
  }
  const language = chooseLanguage(
    readStored(STORAGE_KEYS.locale, isString, storage),
    navigator.language || '',
    new Set(Object.keys(data.locales)),
  );
  const texts = data.locales[language];
  if (texts) code.push(texts);
  let sameDevice = false;
  if (rendered) {
    const prefers = (query: string) => !!browser.matchMedia?.(query).matches;
    const device: ThisDevice = {
      path,
      mode: themeMode(readStored(STORAGE_KEYS.theme, isThemeMode, storage), prefers(DARK)),
      language,
      locale: navigator.language,
      wide: prefers(WIDE),
      whoami: screen ? whoAmIIn(screen, storage) : undefined,
    };
    sameDevice = isRenderedFor(rendered, device);
    // Before the page paints: a screen rendered for another device is hidden, and the app draws
    // it again (src/main.tsx); on this one, a tap before the app runs is kept for it.
    if (sameDevice) keepEarlyTaps(browser);
    else page.documentElement.classList.add(RENDER_AGAIN_CLASS);
    if (screen) loadNumberData(rendered, screen);
  }
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    loadApp(page, data.entry, code);
  };
  // A screen the server rendered shows before the app's code is needed: that code is fetched
  // once the screen has painted, so that on a slow network it does not share the bandwidth with
  // the page itself. Any other page needs the code at once.
  if (sameDevice && page.visibilityState === 'visible') {
    browser.requestAnimationFrame(() => browser.setTimeout(load, 0));
    browser.setTimeout(load, 200);
  } else {
    load();
  }
}

/** Who this device is in the event of the screen's URL, as the app reads it (who-am-i.ts). */
function whoAmIIn(screen: ScreenToLoad, storage: StorageAccess): string | null {
  try {
    const records = readStored(STORAGE_KEYS.whoami, isWhoAmIRecords, storage) ?? [];
    return whoAmIOf(records, decodeURIComponent(screen.group));
  } catch {
    // A URL that does not decode is no event's.
    return null;
  }
}

/**
 * The first money format loads the browser's number data (tens of ms on a phone): loaded now,
 * before the first paint, not in the middle of the app's first render.
 */
function loadNumberData(rendered: RenderedFirstScreen, screen: ScreenToLoad): void {
  try {
    const event = rendered.answers[`/events/${screen.group}`] as { data: { currency_id: string } };
    new Intl.NumberFormat(rendered.renderedFor.locale, {
      style: 'currency',
      currency: event.data.currency_id,
    }).format(1);
  } catch {
    // Then the app's first render loads it.
  }
}
