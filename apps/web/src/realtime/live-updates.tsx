import type { ClientConfig, Event } from '@quits/contract';
import { changeOfMessage } from '@quits/contract/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { eventKeys } from '@web/features/events/api/event-keys';
import { entitySubject } from '@web/features/events/entity-subject';
import { notify } from '@web/lib/notices';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { catchUpAfterJoin, useCatchUpOnReturn } from './catch-up';
import { applyLiveChange } from './event-sync';
import { listenToEvent } from './live-connection';

/** The history's words for a broadcast, e.g. ExpenseCreated → activity.expenditure_created. */
const ACTIVITY_KEYS: Record<string, string> = {
  ExpenseCreated: 'activity.expenditure_created',
  ExpenseUpdated: 'activity.expenditure_updated',
  ExpenseDeleted: 'activity.expenditure_deleted',
  PaymentCreated: 'activity.payment_created',
  PaymentUpdated: 'activity.payment_updated',
  PaymentDeleted: 'activity.payment_deleted',
  UserCreated: 'activity.user_created',
  UserUpdated: 'activity.user_updated',
  UserDeleted: 'activity.user_deleted',
  EventUpdated: 'activity.event_updated',
  EventDeleted: 'activity.event_deleted',
  EventRestored: 'activity.event_restored',
};

/**
 * Keeps an open event live: each change is applied in place, as the message carries it (forms
 * keep what is typed; they only read the event when they open), and one from another device is
 * said briefly, "Ben added “Taxi”". The device's own changes pass silently. What was missed
 * while the connection was down, the tab asleep or the device offline is asked for on return,
 * as the changes since the version held (event-sync.ts).
 */
export function LiveUpdates(props: {
  eventId: string;
  realtime: NonNullable<ClientConfig['realtime']>;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { eventId, realtime } = props;
  useCatchUpOnReturn(queryClient, eventId);
  useEffect(
    () =>
      listenToEvent(realtime, eventId, {
        // Also a page's first join: a change between its first read and the join is not sent.
        onJoined: () => void catchUpAfterJoin(queryClient, eventId),
        // A page that joins after the event was deleted hears nothing: its read answers 410,
        // and the deleted event's screen shows.
        onRefused: () => void catchUpAfterJoin(queryClient, eventId),
        onMessage: (message) => {
          applyLiveChange(queryClient, eventId, changeOfMessage(message.name, message));
          if (message.mine) return;
          const event = queryClient.getQueryData<Event>(eventKeys.detail(eventId));
          const who =
            event?.users.find((user) => user.id === message.user_id)?.name ?? t('activity.someone');
          const key = ACTIVITY_KEYS[message.name];
          if (key)
            notify(
              t(key, {
                who,
                what: entitySubject(message.name.startsWith('Payment'), message.entity),
              }),
              'info',
            );
        },
      }),
    [eventId, realtime, queryClient, t],
  );
  return null;
}
