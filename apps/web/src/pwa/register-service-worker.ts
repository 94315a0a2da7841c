import { notify } from '@web/lib/notices';
import i18next from 'i18next';
import { Workbox } from 'workbox-window';

/**
 * Registers sw.js beside the page's base (/sw.js, or /quits/sw.js under a BASE_PATH). When a
 * new version is ready it is offered with "update available — reload"; it takes over only when
 * the person reloads, so nothing typed is lost.
 *
 * The addresses are absolute: workbox-window tells its own worker from another by resolving the
 * address against the page's, and a relative one on /event/…/home would name another file, so
 * that the worker in control would pass for a newer version.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const worker = new Workbox(new URL('sw.js', document.baseURI).href, {
    scope: new URL('./', document.baseURI).href,
  });
  let offered = false;
  const offerUpdate = () => {
    if (offered) return;
    offered = true;
    // Once the new version is in control, the page it would change is loaded again.
    worker.addEventListener('controlling', (event) => {
      if (event.isUpdate) window.location.reload();
    });
    notify(i18next.t('pwa.updateAvailable'), 'info', {
      persistent: true,
      action: { label: i18next.t('pwa.reload'), run: () => worker.messageSkipWaiting() },
    });
  };
  worker.addEventListener('waiting', offerUpdate);
  // A version installed by another tab, waiting behind the one in control.
  worker.addEventListener('installed', (event) => {
    if (event.isUpdate === undefined && event.isExternal) offerUpdate();
  });
  worker.register({ immediate: true }).catch((error: unknown) => {
    console.error('The service worker could not be registered', error);
  });
}
