import { Button, Card, CardContent, Typography } from '@mui/material';
import type { User } from '@quits/contract';
import { withTexts } from '@web/lib/texts-ready';
import { offerNotifications } from '@web/notifications/offer-notifications';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WhoAmIChoices } from './who-am-i-choices';

// Loaded when asked for: most people the link reaches are on the list.
// Its "required" is among the texts fetched after the first screen (app/text-parts.ts).
const AddMeForm = lazy(() =>
  withTexts('validation.required', () => import('./add-me-form')).then((module) => ({
    default: module.AddMeForm,
  })),
);

/**
 * "Who am I", asked on the first visit to an event on this device: first on its home, above the
 * balances the link was shared for, and part of the page the server renders, so it shows as soon
 * as the page does. Changeable later in settings (WhoAmIDialog). Someone not among the people
 * adds themself ("I'm not on the list").
 */
export function WhoAmIQuestion({ eventId, people }: { eventId: string; people: readonly User[] }) {
  const { t } = useTranslation();
  const [addingMe, setAddingMe] = useState(false);
  const chosen = () => void offerNotifications(eventId);
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
        <WhoAmIChoices eventId={eventId} people={people} onChosen={chosen} />
        {addingMe ? (
          <Suspense fallback={null}>
            <AddMeForm eventId={eventId} onAdded={chosen} />
          </Suspense>
        ) : (
          <Button onClick={() => setAddingMe(true)} sx={{ minHeight: 44 }}>
            {t('whoami.notListed')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
