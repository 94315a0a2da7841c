import { Alert, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { notify } from '@web/lib/notices';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pushFailureKey } from './push-failure';
import {
  disablePush,
  enablePush,
  loadPushEvents,
  pushSupport,
  usePushEnabled,
} from './push-subscriptions';

/** Settings' "Notifications": one switch per event, with why it cannot be used when it cannot. */
export function NotificationSettings({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const on = usePushEnabled(eventId);
  const [busy, setBusy] = useState(false);
  const [support, setSupport] = useState(pushSupport);
  useEffect(() => void loadPushEvents(), []);

  const toggle = async (wanted: boolean) => {
    setBusy(true);
    try {
      if (!wanted) {
        await disablePush(eventId);
        notify(t('push.turnedOff'));
      } else if (await enablePush(eventId)) {
        notify(t('push.turnedOn'));
      }
    } catch (error) {
      console.error('Notifications could not be changed', error);
      notify(t(pushFailureKey(error)), 'error');
    } finally {
      setSupport(pushSupport());
      setBusy(false);
    }
  };

  if (support === 'unsupported') {
    return <Typography color="text.secondary">{t('push.unsupported')}</Typography>;
  }
  return (
    <Stack spacing={1}>
      <Typography color="text.secondary">{t('push.explain')}</Typography>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={busy || support === 'denied'}
            onChange={(change) => void toggle(change.target.checked)}
          />
        }
        label={t('push.switch')}
      />
      {support === 'denied' && (
        // Not urgent: read in place, not announced.
        <Alert severity="info" role="note">
          {t('push.denied')}
        </Alert>
      )}
    </Stack>
  );
}
