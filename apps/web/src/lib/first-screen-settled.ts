import { useEffect, useState } from 'react';

/**
 * How long the page's own downloads must have been quiet before the first screen counts as
 * settled: above the half second after which a browser test counts the network as idle, so that
 * what waits for it is never part of a first visit's download (scripts/check-bundle-size.mjs).
 */
const QUIET_MS = 1_000;
/** A page that never stops downloading starts the rest anyway, this long after its load. */
const AT_MOST_MS = 10_000;

let settled: Promise<void> | null = null;

/** Runs `done` when the browser has a moment to spare (at once where it cannot tell). */
function whenIdle(done: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(() => done(), { timeout: 1_000 });
  else setTimeout(done, 0);
}

/**
 * Resolves once the page has loaded, its first screen's code, texts and answers have arrived
 * (no download finished for `QUIET_MS`) or the person has tapped or typed, and the browser is
 * idle: the moment for what the first screen does not need, such as live updates and the service
 * worker, so that on a slow network they never share the bandwidth with it.
 */
export function firstScreenSettled(): Promise<void> {
  settled ??= new Promise((resolve) => {
    let finished = false;
    const watch = () => {
      let quiet: ReturnType<typeof setTimeout>;
      const observer = new PerformanceObserver(() => {
        clearTimeout(quiet);
        quiet = setTimeout(done, QUIET_MS);
      });
      const latest = setTimeout(done, AT_MOST_MS);
      function done() {
        if (finished) return;
        finished = true;
        observer.disconnect();
        clearTimeout(quiet);
        clearTimeout(latest);
        whenIdle(resolve);
      }
      quiet = setTimeout(done, QUIET_MS);
      observer.observe({ type: 'resource' });
      // A person who taps or types uses the screen: what waits is needed now (live updates
      // while they type an expense, say).
      for (const input of ['pointerdown', 'keydown'] as const) {
        window.addEventListener(input, done, { once: true, capture: true, passive: true });
      }
    };
    if (document.readyState === 'complete') watch();
    else window.addEventListener('load', watch, { once: true });
  });
  return settled;
}

/** Whether the first screen has settled (false on the server and in the first render). */
export function useFirstScreenSettled(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let current = true;
    void firstScreenSettled().then(() => {
      if (current) setDone(true);
    });
    return () => {
      current = false;
    };
  }, []);
  return done;
}
