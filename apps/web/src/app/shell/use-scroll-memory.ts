import { keepScroll, noteScroll, scrollOf } from '@web/lib/history-memory';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long a return waits for its screen to grow tall enough (its data may be on the way). */
const WAIT_MS = 3000;

/**
 * Every new screen starts at the top, and Back (or Forward) returns to where the person was on
 * that entry. The browser's own restoration is turned off: it scrolls as soon as the address
 * changes, before the screen it belongs to has rendered, and so lands on the previous screen's
 * position or on a page too short to reach it. A new address of the same screen (the expense
 * list's filters) keeps the position.
 */
export function useScrollMemory(): void {
  const location = useLocation();
  const action = useNavigationType();
  const shown = useRef<{ key: string; pathname: string } | null>(null);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (shown.current) noteScroll(shown.current.key, window.scrollY);
    };
    const onHide = () => {
      if (shown.current) keepScroll(shown.current.key);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onHide);
    };
  }, []);

  // A layout effect: the new screen's DOM is in place, and nothing has been painted yet.
  useLayoutEffect(() => {
    const previous = shown.current;
    if (previous?.key === location.key) return;
    // The position the scroll events noted, not scrollY: the new screen may have clamped it.
    if (previous) keepScroll(previous.key);
    shown.current = { key: location.key, pathname: location.pathname };
    const saved = action === 'POP' ? scrollOf(location.key) : 0;
    if (saved > 0) return scrollWhenTall(saved);
    // The page's first screen is where the browser put it: the server's render may have been
    // scrolled, or a link on it tapped, before the app took over, and a jump would move it away
    // under the person's finger. A link to a section (#invite) scrolls there itself.
    if (previous && previous.pathname !== location.pathname && !location.hash) {
      window.scrollTo(0, 0);
    }
  }, [location.key, location.pathname, location.hash, action]);
}

/**
 * Scrolls to `y` as soon as the page is tall enough: at once when the screen rendered its
 * content with it, or once its data arrives. A person who scrolls, taps or types first wins.
 */
function scrollWhenTall(y: number): () => void {
  const reaches = () => document.documentElement.scrollHeight - window.innerHeight >= y - 1;
  if (reaches()) {
    window.scrollTo(0, y);
    return () => {};
  }
  const observer = new ResizeObserver(() => {
    if (!reaches()) return;
    window.scrollTo(0, y);
    stop();
  });
  const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  const timer = window.setTimeout(() => stop(), WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const input of inputs) window.removeEventListener(input, stop);
  }
  observer.observe(document.body);
  for (const input of inputs) window.addEventListener(input, stop, { passive: true });
  return stop;
}
