import type { ThemeMode } from '@web/app/theme-choice';
import type { RenderedFirstScreen, RenderedFor } from '@web/lib/rendered-first-screen';

/** This device, as the first-screen script finds it before the first paint. */
export interface ThisDevice {
  path: string;
  mode: ThemeMode;
  /** The language the app will choose (app/language-choice.ts). */
  language: string;
  /** `navigator.language`, which numbers and dates are written in. */
  locale: string;
  /** Wider than a phone (600 px): the server renders the phone's layout only. */
  wide: boolean;
  /** Who this device is in the URL's event; undefined when the URL is no event's screen. */
  whoami: string | null | undefined;
}

/**
 * Whether the screen the server rendered is the one this device would draw: the same page,
 * theme, language, number format and person, on a phone's width. When it is not, the script
 * hides it before it paints and the app draws it again (RENDER_AGAIN_CLASS).
 */
export function isRenderedFor(rendered: RenderedFirstScreen, device: ThisDevice): boolean {
  const renderedFor: Partial<RenderedFor> = rendered.renderedFor ?? {};
  return (
    rendered.path === device.path &&
    device.mode === renderedFor.mode &&
    device.language === renderedFor.language &&
    device.locale === renderedFor.locale &&
    !device.wide &&
    device.whoami !== undefined &&
    device.whoami === renderedFor.whoami
  );
}
