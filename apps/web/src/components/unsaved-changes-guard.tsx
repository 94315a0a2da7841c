import { askBeforeLeaving, asksBeforeLeaving, catchPops, historyIndex } from '@web/lib/leave-guard';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

/**
 * While a form holds input that is not saved, leaving it asks first ("Discard changes?").
 *
 * The app routes with BrowserRouter, which has no `useBlocker` (that needs the data router,
 * whose code a first visit would download), so the ways out are caught one by one:
 * - the title bar's back arrow asks through `leaveWith` (lib/leave-guard.ts);
 * - a link inside the app: its click is stopped on the way down (capture), before the router's
 *   link handles it, and followed once the person agrees;
 * - the browser's Back (or a phone's back gesture): a `popstate` cannot be cancelled, so a
 *   listener added before the router's (`catchBrowserBack` in main.tsx) hides it from the
 *   router, steps forward again to the form's entry, and asks; "Discard" then takes the same
 *   step back and lets the router see it. The history stays as it was: no sentinel entry to clean up after a
 *   save or a reload, which is why this was chosen over pushing one.
 * A draft kept in storage was the other way; it needs each form to serialise and restore
 * itself, and a reopened form would show input the person thought left behind.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pending, setPending] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const formIndex = historyIndex();
    // Set once the person agreed: the way out then runs untouched.
    let leaving = false;
    const ask = (go: () => void) =>
      setPending(() => () => {
        leaving = true;
        go();
      });
    const onPop = (event: PopStateEvent) => {
      if (leaving || formIndex === null) return;
      event.stopImmediatePropagation();
      const index = historyIndex();
      // The step forward back onto the form: nothing to ask.
      if (index === null || index === formIndex) return;
      const delta = formIndex - index;
      window.history.go(delta);
      ask(() => window.history.go(-delta));
    };
    const onClick = (event: MouseEvent) => {
      const to = inAppLinkOf(event);
      if (leaving || to === null || !asksBeforeLeaving(ask)) return;
      event.preventDefault();
      event.stopPropagation();
      ask(() => void navigate(to));
    };
    const release = askBeforeLeaving(ask);
    const releasePops = catchPops(onPop);
    document.addEventListener('click', onClick, true);
    return () => {
      release();
      releasePops();
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty, navigate]);

  return (
    <ConfirmDialog
      open={pending !== null}
      title={t('unsaved.title')}
      text={t('unsaved.text')}
      confirm={t('unsaved.discard')}
      cancel={t('unsaved.keep')}
      onConfirm={() => {
        const go = pending;
        setPending(null);
        go?.();
      }}
      onCancel={() => setPending(null)}
    />
  );
}

/** The in-app address a plain click on a link goes to; null for any other click. */
function inAppLinkOf(event: MouseEvent): string | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return null;
  }
  const target = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(target instanceof HTMLAnchorElement)) return null;
  if (target.target && target.target !== '_self') return null;
  if (target.hasAttribute('download') || target.origin !== window.location.origin) return null;
  const to = `${target.pathname}${target.search}${target.hash}`;
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  return to === here ? null : to;
}
