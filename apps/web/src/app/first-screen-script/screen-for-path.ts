import type { FirstScreen } from './first-screen-data';

/** The first screen a URL opens, as the first-screen script fetches it. */
export interface ScreenToLoad {
  /** The URLs of its code. */
  code: string[];
  /** The API paths it reads first, for this URL (`$1` filled in). */
  api: string[];
  /** The path's first group, as it stands in the URL (encoded): the event's id. */
  group: string;
}

/** The first of `screens` whose pattern the URL's `pathname` matches; null for any other page. */
export function screenForPath(
  screens: readonly FirstScreen[],
  pathname: string,
): ScreenToLoad | null {
  for (const [pattern, code, api] of screens) {
    const match = new RegExp(pattern).exec(pathname);
    if (!match) continue;
    const group = match[1] ?? '';
    return { code, api: api.map((template) => template.replace('$1', group)), group };
  }
  return null;
}
