import type { ClientConfig } from '@quits/contract';
import { notify } from '@web/lib/notices';
import { queryClient } from '@web/lib/query-client';
import i18next from 'i18next';
import { pushFailureKey } from './push-failure';

/**
 * Offered once, right after the person says who they are in an event: "be notified…? Turn
 * on". Only where the server sends push, the browser can receive it, and nobody decided yet.
 */
export function offerNotifications(eventId: string): void {
  const config = queryClient.getQueryData<ClientConfig>(['config']);
  const undecided =
    'Notification' in window && 'PushManager' in window && Notification.permission === 'default';
  if (!config?.push || !undecided) return;
  notify(i18next.t('push.offer'), 'info', {
    action: {
      label: i18next.t('push.turnOn'),
      run: () =>
        void import('./push-subscriptions')
          .then((push) => push.enablePush(eventId))
          .then((on) => on && notify(i18next.t('push.turnedOn')))
          .catch((error: unknown) => {
            console.error('Notifications could not be turned on', error);
            notify(i18next.t(pushFailureKey(error)), 'error');
          }),
    },
  });
}
