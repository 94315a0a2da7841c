import { registerSW } from 'virtual:pwa-register';
import { notify } from '@web/lib/notices';
import i18next from 'i18next';

/**
 * Registers /sw.js. When a new version is ready it is offered with "update available —
 * reload"; it takes over only when the person reloads, so nothing typed is lost.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      notify(i18next.t('pwa.updateAvailable'), 'info', {
        persistent: true,
        action: { label: i18next.t('pwa.reload'), run: () => void update(true) },
      });
    },
    onRegisterError(error: unknown) {
      console.error('The service worker could not be registered', error);
    },
  });
}
