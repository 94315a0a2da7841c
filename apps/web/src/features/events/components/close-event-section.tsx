import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Button, Stack, Typography } from '@mui/material';
import type { Event } from '@quits/contract';
import { errorText } from '@web/lib/error-text';
import { useTranslation } from 'react-i18next';
import { useCloseEvent } from '../api/close-event';
import { ClosedEventBanner } from './closed-event-banner';

/**
 * Settings' "close this event": offered once everyone is settled (`settled`, from the balances),
 * and said why not otherwise; a closed event shows since when, with "Reopen".
 */
export function CloseEventSection(props: {
  event: Event;
  whoAmI: string | null;
  settled: boolean;
}) {
  const { t } = useTranslation();
  const close = useCloseEvent(props.event.id, props.whoAmI);
  if (props.event.closed_at) return <ClosedEventBanner event={props.event} whoAmI={props.whoAmI} />;
  return (
    <Stack spacing={1.5} alignItems="flex-start">
      <Typography color="text.secondary">
        {props.settled ? t('closedEvent.explain') : t('closedEvent.notSettled')}
      </Typography>
      <Button
        variant="outlined"
        startIcon={<LockOutlinedIcon />}
        disabled={!props.settled || close.isPending}
        onClick={() => close.mutate(true)}
      >
        {t('closedEvent.close')}
      </Button>
      {close.error && (
        <Typography color="error" role="alert">
          {errorText(close.error, t)}
        </Typography>
      )}
    </Stack>
  );
}
