import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Alert, Button } from '@mui/material';
import type { Event } from '@quits/contract';
import { errorText } from '@web/lib/error-text';
import { formatDay } from '@web/lib/locale';
import { useTranslation } from 'react-i18next';
import { useCloseEvent } from '../api/close-event';

/**
 * Says that the event is closed (read-only: everyone was settled) and since when, with
 * "Reopen" for whoever needs to change it again. Nothing shows while the event is open.
 */
export function ClosedEventBanner(props: { event: Event; whoAmI: string | null }) {
  const { t } = useTranslation();
  const reopen = useCloseEvent(props.event.id, props.whoAmI);
  const closedAt = props.event.closed_at;
  if (!closedAt) return null;
  return (
    <Alert
      severity="info"
      icon={<LockOutlinedIcon />}
      action={
        <Button
          color="inherit"
          size="small"
          disabled={reopen.isPending}
          onClick={() => reopen.mutate(false)}
        >
          {t('closedEvent.reopen')}
        </Button>
      }
    >
      {t('closedEvent.banner', { date: formatDay(closedAt) })}
      {reopen.error && ` ${errorText(reopen.error, t)}`}
    </Alert>
  );
}
