import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import RestoreIcon from '@mui/icons-material/Restore';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { EventGone } from '@quits/contract';
import { errorText } from '@web/lib/error-text';
import { formatDay } from '@web/lib/locale';
import { notify } from '@web/lib/notices';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useRestoreEvent } from '../api/restore-event';
import { forgetEvent } from '../local-events';
import { forgetWhoAmI, useWhoAmI } from '../who-am-i';

/**
 * What any screen of a deleted event shows instead of it: when it was deleted, until when it
 * can be restored, "Restore" (for everyone) and "Leave" (drop it from this device).
 */
export function DeletedEvent({ deleted }: { deleted: EventGone['deleted_event'] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { eventId = '' } = useParams();
  const restore = useRestoreEvent(eventId, useWhoAmI(eventId));

  // Awaited rather than told through mutate's callbacks: once restored, the event's screen
  // replaces this one, and a callback of an unmounted caller would never run.
  const bringBack = async () => {
    try {
      await restore.mutateAsync();
      notify(t('deletedEvent.restored', { name: deleted.name }));
    } catch (error) {
      notify(errorText(error instanceof Error ? error : new Error(String(error)), t), 'error');
    }
  };
  const leave = () => {
    forgetEvent(eventId);
    forgetWhoAmI(eventId);
    void navigate('/');
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="deleted-event-title">
      <CardContent>
        <Stack spacing={2} alignItems="flex-start">
          <DeleteOutlineIcon color="error" fontSize="large" aria-hidden />
          <Typography id="deleted-event-title" variant="h5" component="h2">
            {t('deletedEvent.title', { name: deleted.name, date: formatDay(deleted.deleted_at) })}
          </Typography>
          <Typography color="text.secondary">
            {t('deletedEvent.until', { date: formatDay(deleted.restorable_until) })}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignSelf: 'stretch' }}>
            <Button
              variant="contained"
              startIcon={<RestoreIcon />}
              onClick={() => void bringBack()}
              disabled={restore.isPending}
            >
              {t('deletedEvent.restore')}
            </Button>
            <Button variant="outlined" onClick={leave}>
              {t('deletedEvent.leave')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
