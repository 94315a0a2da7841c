declare global {
  interface Window {
    /** The last button of a screen the server rendered tapped before the app ran (`keepEarlyTaps`). */
    quitsEarlyTap?: Element;
    /** Set once the app runs: taps are the app's own from then on. */
    quitsTakenOver?: boolean;
  }
}

/** A button of the screen, as the app draws them. */
const BUTTON = '#root button, #root [role="button"]';

/**
 * Until the app takes a screen the server rendered over, its buttons do nothing: the last one
 * tapped is kept, to be tapped again once the app runs (`replayEarlyTap`). The first-screen script
 * (first-screen-script/) starts it before the first paint, when the screen shows.
 */
export function keepEarlyTaps(
  browser: Pick<Window, 'document' | 'quitsEarlyTap' | 'quitsTakenOver'>,
): void {
  browser.document.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element | null;
      const button = target?.closest?.(BUTTON);
      if (button && !browser.quitsTakenOver) browser.quitsEarlyTap = button;
    },
    true,
  );
}

/**
 * Taps the button a person tapped on the server's rendered screen before the app's code ran, now
 * that React has taken the screen over (the event home calls it once it has): the tap does what
 * it said instead of being lost. Only the last one, once: two quick taps on "Mark as paid" must
 * not record two payments.
 */
export function replayEarlyTap(): void {
  if (window.quitsTakenOver) return;
  window.quitsTakenOver = true;
  const button = window.quitsEarlyTap;
  delete window.quitsEarlyTap;
  if (button instanceof HTMLElement && button.isConnected) button.click();
}
