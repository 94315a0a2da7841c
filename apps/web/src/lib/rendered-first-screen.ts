import type { PaletteMode } from '@mui/material';
import { appPathOf } from './base-path';

/**
 * What the server rendered a shared link's first screen for (src/ssr): the device as the request
 * told it. The app takes over that markup only when the device is the same (main.tsx), and the
 * first-screen script (first-screen-script/same-device.ts) hides it before it paints when it is
 * not.
 */
export interface RenderedFor {
  /** The app's language (i18n). */
  language: string;
  /** The browser's language, which numbers and dates are written in (lib/locale.ts). */
  locale: string;
  mode: PaletteMode;
  /** Who this device is in the event, or null when it has not said. */
  whoami: string | null;
}

export interface RenderedFirstScreen {
  path: string;
  /** The title bar's text. */
  title: string;
  renderedFor: RenderedFor;
  /** The API's answers the screen was rendered from, by API path (src/lib/preloaded.ts). */
  answers: Record<string, unknown>;
}

/** The `<script type="application/json">` of index.html that carries it. */
export const RENDERED_FIRST_SCREEN_ID = 'quits-rendered';

/** The class the first-screen script puts on `<html>` when this device is not the one rendered for. */
export const RENDER_AGAIN_CLASS = 'quits-render-again';

/** Read by the app and, before it runs, by the first-screen script (first-screen-script/). */
export function readRenderedFirstScreen(
  page: Pick<Document, 'getElementById'> = document,
): RenderedFirstScreen | null {
  const element = page.getElementById(RENDERED_FIRST_SCREEN_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as RenderedFirstScreen;
  } catch {
    return null;
  }
}

/**
 * The screen the server rendered in `root`, when React can take its markup over as it is
 * (hydrate): the first-screen script found this device the one it was rendered for, and nothing
 * this device changed offline waits to show on top. Otherwise null, and only the boot frame is
 * left, to be drawn over.
 */
export function takeOverRendered(
  root: HTMLElement,
  pendingChanges: boolean,
): RenderedFirstScreen | null {
  const rendered = readRenderedFirstScreen();
  if (!rendered) return null;
  const html = document.documentElement;
  const bootFrame = root.querySelector(':scope > .boot-bar');
  if (
    !html.classList.contains(RENDER_AGAIN_CLASS) &&
    rendered.path === appPathOf(location.pathname) &&
    !pendingChanges
  ) {
    bootFrame?.remove();
    return rendered;
  }
  root.replaceChildren(...(bootFrame ? [bootFrame] : []));
  // Its styles go with it: they were made for the other device (its page colour, light or dark,
  // would cover this one's until the app draws), and the app's style cache must not count them
  // as already in the page.
  for (const style of document.querySelectorAll('style[data-emotion]')) style.remove();
  html.classList.remove(RENDER_AGAIN_CLASS);
  return null;
}
