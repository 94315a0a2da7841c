import { readRenderedFirstScreen } from '@web/lib/rendered-first-screen';

/** An API answer the first-screen script asked for before the app's code arrived. */
interface Preloaded {
  /** When it was asked for (`Date.now()`). */
  at: number;
  answer: Promise<Response>;
}

declare global {
  interface Window {
    /** Written by the first-screen script (app/first-screen-script/preload-api.ts), by API path. */
    quitsPreloaded?: Record<string, Preloaded | undefined>;
  }
}

/** Older than this, an answer is not what the person expects to see: the API is asked again. */
const FRESH_MS = 30_000;

/**
 * The answer the first-screen script already asked for `path` (a GET, with the same headers as
 * `apiRequest`), taken once: a later read of the same path asks the API again.
 */
export function takePreloaded(path: string): Promise<Response> | null {
  const rendered = takeRendered(path);
  if (rendered) return Promise.resolve(rendered);
  const preloaded = window.quitsPreloaded?.[path];
  if (!preloaded) return null;
  delete window.quitsPreloaded?.[path];
  return Date.now() - preloaded.at <= FRESH_MS ? preloaded.answer : null;
}

let renderedAnswers: Record<string, unknown> | undefined;

/** The answer a first screen the server rendered came with (app/rendered-first-screen.ts), once. */
function takeRendered(path: string): Response | null {
  renderedAnswers ??= readRenderedFirstScreen()?.answers ?? {};
  if (!(path in renderedAnswers)) return null;
  const body = renderedAnswers[path];
  delete renderedAnswers[path];
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
}
