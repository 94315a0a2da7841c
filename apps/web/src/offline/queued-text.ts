import { dismissMessage } from '@web/lib/notices';
import type { TFunction } from 'i18next';

/**
 * What to say of a change that went into the queue instead of to the server. Offline, it waits
 * for a network; online, it waits only behind other changes or a pause the server asked for
 * (429), or for a server that did not answer, so "as soon as you are online" would be untrue.
 */
export function queuedText(t: TFunction): string {
  if (navigator.onLine) return t('sync.keptWhileOnline');
  // Said while offline, it stops being true when the device is online again: it goes then.
  const text = t('sync.keptOnDevice');
  window.addEventListener('online', () => dismissMessage(text), { once: true });
  return text;
}
