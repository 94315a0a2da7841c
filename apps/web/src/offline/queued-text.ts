import { dismissMessage } from '@web/lib/notices';
import type { TFunction } from 'i18next';
import { pauseSecondsLeft } from './replay-pause';

/**
 * What to say of a change that went into the queue instead of to the server. Offline, it waits
 * for a network; online, it waits only behind other changes or a pause the server asked for
 * (429), or for a server that did not answer, so "as soon as you are online" would be untrue.
 * During a pause the server asked for, it says so, as the replay does when it meets one.
 */
export function queuedText(t: TFunction): string {
  if (navigator.onLine) {
    const paused = pauseSecondsLeft();
    return paused > 0 ? t('rateLimit.paused', { count: paused }) : t('sync.keptWhileOnline');
  }
  // Said while offline, it stops being true when the device is online again: it goes then.
  const text = t('sync.keptOnDevice');
  window.addEventListener('online', () => dismissMessage(text), { once: true });
  return text;
}
