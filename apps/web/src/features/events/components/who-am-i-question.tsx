import { Card, CardContent, Typography } from '@mui/material';
import type { User } from '@quits/contract';
import { offerNotifications } from '@web/notifications/offer-notifications';
import { useTranslation } from 'react-i18next';
import { WhoAmIChoices } from './who-am-i-choices';

/**
 * "Who am I", asked on the first visit to an event on this device: first on its home, above the
 * balances the link was shared for, and part of the page the server renders, so it shows as soon
 * as the page does. Changeable later in settings (WhoAmIDialog).
 */
export function WhoAmIQuestion({ eventId, people }: { eventId: string; people: readonly User[] }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" component="section" aria-labelledby="who-am-i-title">
      <CardContent sx={{ pb: 1 }}>
        <Typography id="who-am-i-title" variant="h6" component="h2">
          {t('whoami.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('whoami.text')}
        </Typography>
        {/* The first answer in an event is the moment to offer notifications, once. */}
        <WhoAmIChoices
          eventId={eventId}
          people={people}
          onChosen={() => void offerNotifications(eventId)}
        />
      </CardContent>
    </Card>
  );
}
