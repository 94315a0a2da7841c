import { Button, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { forgetEvent, forgetWhoAmI, restoreEvent, useDeleteEvent } from '@web/features/events';
import { errorText } from '@web/lib/error-text';
import { notify } from '@web/lib/notices';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * Privacy: what this device keeps, "leave this event on this device" (the event stays for the
 * others, and the link opens it again) and deleting the event for everyone, which the start
 * page then offers to undo (a deleted event can be restored for 30 days).
 */
export function LeaveEvent(props: { eventId: string; eventName: string; whoAmI: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteEvent(props.eventId, props.whoAmI);
  const [asking, setAsking] = useState<'leave' | 'delete' | null>(null);

  const leave = () => {
    forgetEvent(props.eventId);
    forgetWhoAmI(props.eventId);
    notify(t('settings.left', { name: props.eventName }));
    void navigate('/');
  };
  const deleteForEveryone = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        const { eventId, eventName, whoAmI } = props;
        const undo = async () => {
          try {
            await restoreEvent(queryClient, eventId, whoAmI);
            notify(t('deletedEvent.restored', { name: eventName }));
          } catch (error) {
            notify(
              errorText(error instanceof Error ? error : new Error(String(error)), t),
              'error',
            );
          }
        };
        notify(t('settings.deleted', { name: eventName }), 'success', {
          action: { label: t('history.undo'), run: () => void undo() },
        });
        void navigate('/');
      },
      onError: (error) => {
        setAsking(null);
        notify(errorText(error, t), 'error');
      },
    });

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('settings.privacyText')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" onClick={() => setAsking('leave')}>
          {t('settings.leave')}
        </Button>
        <Button color="error" onClick={() => setAsking('delete')}>
          {t('settings.delete')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={asking === 'leave'}
        title={t('settings.leaveTitle', { name: props.eventName })}
        text={t('settings.leaveText')}
        confirm={t('settings.leave')}
        onConfirm={leave}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'delete'}
        title={t('settings.deleteTitle', { name: props.eventName })}
        text={t('settings.deleteText')}
        confirm={t('settings.delete')}
        busy={remove.isPending}
        onConfirm={deleteForEveryone}
        onCancel={() => setAsking(null)}
      />
    </Stack>
  );
}
