/**
 * The screen's unsaved input, if any, asks before the app leaves it. Set by the form on screen
 * (components/unsaved-changes-guard.tsx) while it holds changes; the app's own ways out that
 * are no link (the title bar's back arrow) go through `leaveWith`.
 */
type Asker = (go: () => void) => void;
type PopCatcher = (event: PopStateEvent) => void;

let asker: Asker | null = null;
let popCatcher: PopCatcher | null = null;

/**
 * Lets the form on screen see the browser's Back before the router does. Called once, before
 * the router starts: listeners of one target run in the order they were added (a capturing
 * listener on `window` does not run earlier), so only one added first can hide a `popstate`
 * from the router's.
 */
export function catchBrowserBack(): void {
  window.addEventListener('popstate', (event) => popCatcher?.(event));
}

/** Makes `catcher` see every `popstate` first, until the returned function is called. */
export function catchPops(catcher: PopCatcher): () => void {
  popCatcher = catcher;
  return () => {
    if (popCatcher === catcher) popCatcher = null;
  };
}

/** Runs `go` at once, or once the person agreed to lose what the form on screen holds. */
export function leaveWith(go: () => void): void {
  if (asker) asker(go);
  else go();
}

/**
 * Runs `go`, a way out of a form whose input was just saved (or deleted): nothing is lost, so
 * nothing is asked, even while the form is still on screen and still differs from how it
 * opened (the router may show it until the next screen is ready).
 */
export function leaveSaved(go: () => void): void {
  asker = null;
  popCatcher = null;
  go();
}

/** Whether `ask` is still the one asked before leaving (not released by a save). */
export function asksBeforeLeaving(ask: Asker): boolean {
  return asker === ask;
}

/** Makes `ask` the one asked before leaving, until the returned function is called. */
export function askBeforeLeaving(ask: Asker): () => void {
  asker = ask;
  return () => {
    if (asker === ask) asker = null;
  };
}

/** react-router's index of the history entry on screen (0: the first of this tab's app). */
export function historyIndex(): number | null {
  const state: unknown = window.history.state;
  const index =
    typeof state === 'object' && state !== null && 'idx' in state
      ? (state as { idx: unknown }).idx
      : null;
  return typeof index === 'number' ? index : null;
}
