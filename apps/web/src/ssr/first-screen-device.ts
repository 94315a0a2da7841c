import { AVAILABLE_LANGUAGES } from '@web/app/i18n';
import { chooseLanguage } from '@web/app/language-choice';
import { isThemeMode, themeMode } from '@web/app/theme-choice';
import type { RenderedFor } from '@web/lib/rendered-first-screen';

/** What a request tells of the device: its cookies (lib/choice-cookies.ts) and languages. */
export interface DeviceHints {
  cookies: Record<string, string | undefined>;
  /** The Accept-Language header; its first language is the browser's `navigator.language`. */
  acceptLanguage?: string;
  /** The server's BASE_PATH ('/quits'), which the screen's links are under; '' at the root. */
  basePath?: string;
}

/** A language tag `Intl` takes, as a browser writes it (`en-US`); English for anything else. */
function canonical(tag: string): string {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/**
 * The device a first screen is rendered for, by the app's own rules: the saved language, else
 * the browser's; the saved theme, else light (a dark system preference is not sent: such a
 * device renders the page itself, see RENDER_AGAIN_CLASS).
 */
export function deviceOf({ cookies, acceptLanguage }: DeviceHints): RenderedFor {
  const locale = canonical(acceptLanguage?.split(',')[0]?.split(';')[0]?.trim() || 'en');
  return {
    language: chooseLanguage(cookies.locale ?? null, locale, AVAILABLE_LANGUAGES),
    locale,
    mode: themeMode(isThemeMode(cookies.theme) ? cookies.theme : null, false),
    whoami: cookies.whoami || null,
  };
}
