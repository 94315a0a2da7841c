/** The element of index.html that carries, as JSON, what the first-screen script fetches. */
export const FIRST_SCREEN_DATA_ID = 'quits-first-screen';

/**
 * A screen a visit usually starts on: the pattern of its paths (a RegExp's source, whose first
 * group is the screen's event), the URLs of its code that the app's own does not hold, and the
 * API paths it reads first, `$1` standing for that group.
 */
export type FirstScreen = [path: string, code: string[], api: string[]];

/**
 * What the build writes into index.html for the first-screen script
 * (apps/web/build/preload-first-screen.ts), as URLs of built files.
 */
export interface FirstScreenData {
  /** The app's entry module (src/main.tsx), run once its code is fetched. */
  entry: string;
  /** The code the entry imports statically. */
  app: string[];
  screens: FirstScreen[];
  /** Each language's texts (src/locales/{code}.json), by language code. */
  locales: Record<string, string>;
}

/** Null when the page carries none (the development server's) or it cannot be read. */
export function readFirstScreenData(
  page: Pick<Document, 'getElementById'>,
): FirstScreenData | null {
  try {
    return JSON.parse(page.getElementById(FIRST_SCREEN_DATA_ID)?.textContent ?? '');
  } catch {
    return null;
  }
}
