import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import { Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { notify } from '@web/lib/notices';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeNotificationOffer } from './offer-notifications';
import { pushFailureKey } from './push-failure';

/**
 * "Be notified when the others add expenses?" on the event's home, in the page's flow: it covers
 * nothing and stays until answered, "Turn on" or "Not now".
 */
export function NotificationOfferCard({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const turnOn = async () => {
    setBusy(true);
    try {
      const push = await import('./push-subscriptions');
      if (await push.enablePush(eventId)) notify(t('push.turnedOn'));
      closeNotificationOffer();
    } catch (error) {
      console.error('Notifications could not be turned on', error);
      notify(t(pushFailureKey(error)), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby="notification-offer-title">
      <CardContent sx={{ pb: 0 }}>
        <Stack direction="row" spacing={1.5} alignItems="flex-start">
          <NotificationsOutlinedIcon color="primary" sx={{ mt: 0.25 }} />
          <div>
            <Typography id="notification-offer-title" variant="subtitle1" component="h2">
              {t('push.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('push.offer')}
            </Typography>
          </div>
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button onClick={closeNotificationOffer}>{t('push.notNow')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void turnOn()}>
          {t('push.turnOn')}
        </Button>
      </CardActions>
    </Card>
  );
}
