declare global {
  interface Window {
    /** The last button of a screen the server rendered tapped before the app ran (vite.config.ts). */
    quitsEarlyTap?: Element;
    /** Set once the app runs: taps are the app's own from then on. */
    quitsTakenOver?: boolean;
  }
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
