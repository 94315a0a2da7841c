import { Alert, Button, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEventBalances } from '@web/features/balances';
import { CurrencySettings, currenciesQuery } from '@web/features/currencies';
import {
  CloseEventSection,
  EventLoadState,
  useEvent,
  useWhoAmI,
  WhoAmIDialog,
} from '@web/features/events';
import { DefaultSplitSection } from '@web/features/people';
import { ExportLinks } from '@web/features/transfer';
import { usePageTitle } from '@web/lib/page-title';
import { NotificationSettings } from '@web/notifications/notification-settings';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { EventDetailsForm } from './event-details-form';
import { LeaveEvent } from './leave-event';
import { SettingsSection } from './settings-section';
import { ShareInvite } from './share-invite';

/** Event settings: details, invite, people, who I am, the default split, currencies, closing, privacy. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  const currencies = useQuery(currenciesQuery());
  const me = useWhoAmI(eventId);
  const [choosing, setChoosing] = useState(false);
  usePageTitle(t('settings.title'));
  // "Invite" on the event home links to #invite; the section exists only once the event is in.
  const { hash } = useLocation();
  const balances = useEventBalances(event.data);
  const loaded = Boolean(event.data);
  useEffect(() => {
    if (loaded && hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [loaded, hash]);

  if (!event.data) return <EventLoadState error={event.error} heights={[240, 160]} />;
  const { data } = event;
  const list = currencies.data ?? [];
  const myName = data.users.find((user) => user.id === me)?.name;

  return (
    <Stack spacing={2} sx={{ maxWidth: 720, mx: 'auto' }}>
      <SettingsSection title={t('settings.details')}>
        {/* Keyed by its fields, so that a change saved elsewhere refills the form. */}
        <EventDetailsForm
          key={`${data.name}|${data.desc}|${data.currency_id}`}
          event={data}
          currencies={list}
          whoAmI={me}
        />
      </SettingsSection>
      <SettingsSection title={t('share.title')} id="invite">
        <ShareInvite eventId={data.id} eventName={data.name} />
      </SettingsSection>
      <SettingsSection title={t('people.title')}>
        <Stack spacing={1.5} alignItems="flex-start">
          <Typography color="text.secondary">
            {t('people.count', { count: data.users.length })}
          </Typography>
          <Button variant="outlined" component={RouterLink} to={`/event/${eventId}/people`}>
            {t('people.manage')}
          </Button>
          <Typography>
            {myName ? t('settings.youAre', { name: myName }) : t('settings.youAreNobody')}
          </Typography>
          <Button onClick={() => setChoosing(true)}>{t('settings.changeWhoAmI')}</Button>
          {choosing && (
            <WhoAmIDialog
              eventId={eventId}
              people={data.users}
              open
              current={me}
              onClose={() => setChoosing(false)}
            />
          )}
        </Stack>
      </SettingsSection>
      <SettingsSection title={t('defaultSplit.title')} id="default-split">
        {/* Keyed by the saved shares, so that a change saved elsewhere refills the fields. */}
        <DefaultSplitSection
          key={data.users.map((user) => `${user.id}:${user.default_weight ?? 1}`).join('|')}
          eventId={data.id}
          people={data.users}
          whoAmI={me}
        />
      </SettingsSection>
      <SettingsSection title={t('currencies.title')}>
        {currencies.isError && !currencies.data && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {t('errors.currencies')}
          </Alert>
        )}
        <CurrencySettings event={data} currencies={list} whoAmI={me} />
      </SettingsSection>
      <SettingsSection title={t('push.title')}>
        <NotificationSettings eventId={data.id} />
      </SettingsSection>
      <SettingsSection title={t('history.title')} id="history">
        <Stack spacing={1.5} alignItems="flex-start">
          <Typography color="text.secondary">{t('history.settingsText')}</Typography>
          <Button variant="outlined" component={RouterLink} to={`/event/${eventId}/history`}>
            {t('history.open')}
          </Button>
        </Stack>
      </SettingsSection>
      <SettingsSection title={t('report.title')} id="report">
        <Stack spacing={1.5} alignItems="flex-start">
          <Typography color="text.secondary">{t('report.settingsText')}</Typography>
          <Button variant="outlined" component={RouterLink} to={`/event/${eventId}/report`}>
            {t('report.open')}
          </Button>
        </Stack>
      </SettingsSection>
      <SettingsSection title={t('transfer.exportTitle')} id="export">
        <ExportLinks eventId={data.id} />
      </SettingsSection>
      <SettingsSection title={t('closedEvent.title')} id="close">
        <CloseEventSection
          event={data}
          whoAmI={me}
          settled={Boolean(balances?.balances.every((line) => line.balance === 0))}
        />
      </SettingsSection>
      <SettingsSection title={t('settings.privacy')}>
        <LeaveEvent eventId={data.id} eventName={data.name} whoAmI={me} />
      </SettingsSection>
    </Stack>
  );
}
