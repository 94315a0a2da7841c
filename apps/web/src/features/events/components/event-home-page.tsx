import {
  Box,
  Button,
  Card,
  CardContent,
  List,
  ListItemText,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { Amount, ListAmount } from '@web/components/amount';
import { LazyAlert } from '@web/components/lazy-alert';
import { LazySkeleton } from '@web/components/lazy-skeleton';
import { LinkListItem } from '@web/components/link-list-item';
import { BalanceList, useEventBalances, useHomeAmount } from '@web/features/balances';
import { replayEarlyTap } from '@web/lib/early-taps';
import { useFirstScreenSettled } from '@web/lib/first-screen-settled';
import { formatDate } from '@web/lib/locale';
import { currencyDecimals, formatMoney } from '@web/lib/money';
import { usePageTitle } from '@web/lib/page-title';
import { useNotificationOffer } from '@web/notifications/offer-notifications';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useEvent } from '../api/use-event';
import { useWhoAmI } from '../who-am-i';
import { ROOM_FOR_ADD_BUTTON } from './add-button-room';
import { AddExpenseButton } from './add-expense-button';
import { EventLoadState } from './event-load-state';
import { EventTotalsCard } from './event-totals-card';
import { NoExpensesYet } from './no-expenses-yet';
import { SettleSection } from './settle-section';
import { WhoAmIQuestion } from './who-am-i-question';

// Only once offered, right after "who am I".
const NotificationOfferCard = lazy(() =>
  import('@web/notifications/notification-offer-card').then((module) => ({
    default: module.NotificationOfferCard,
  })),
);
// Below the fold: loaded once the first screen has settled, so that a first visit downloads less.
// Only a closed event shows it: an open one's first load does not carry it.
const ClosedEventBanner = lazy(() =>
  import('./closed-event-banner').then((module) => ({ default: module.ClosedEventBanner })),
);
const ActivityList = lazy(() =>
  import('./activity-list').then((module) => ({ default: module.ActivityList })),
);
// Shown only once the page's own "Add expense" is scrolled away: never on the first screen.
const AddExpenseFab = lazy(() =>
  import('./add-expense-fab').then((module) => ({ default: module.AddExpenseFab })),
);

/** Event home: your balance first, everyone's balances, suggested transfers, recent expenses. */
export function EventHomePage() {
  const { t } = useTranslation();
  const wide = useMediaQuery(useTheme().breakpoints.up('sm'), { noSsr: true });
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  const balances = useEventBalances(event.data);
  const homeAmount = useHomeAmount(event.data);
  const me = useWhoAmI(eventId);
  const settled = useFirstScreenSettled();
  // Until the page's "Add expense" says otherwise, it is in view (as on the server's render).
  const [addInView, setAddInView] = useState(true);
  const offerNotifications = useNotificationOffer(eventId);
  usePageTitle(event.data?.name ?? '');
  // The one screen the server renders: once React has taken it over, so has the app.
  useEffect(replayEarlyTap, []);

  if (!event.data) return <EventLoadState error={event.error} heights={[96, 200]} />;

  const { data } = event;
  const currency = { id: data.currency_id, decimals: currencyDecimals(data, data.currency_id) };
  const mine = balances?.balances.find((row) => row.user_id === me);
  const homeText = (home: number | null) => (home === null ? null : formatMoney(home, currency));

  return (
    <Stack spacing={3} sx={{ pb: ROOM_FOR_ADD_BUTTON }}>
      {data.closed_at && (
        <Suspense fallback={null}>
          <ClosedEventBanner event={data} whoAmI={me} />
        </Suspense>
      )}
      {me === null && data.users.length > 0 && (
        <WhoAmIQuestion eventId={eventId} people={data.users} />
      )}
      {offerNotifications && (
        <Suspense fallback={null}>
          <NotificationOfferCard eventId={eventId} />
        </Suspense>
      )}
      {mine && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="overline" color="text.secondary">
              {t('event.yourBalance')}
            </Typography>
            <Typography
              variant="h4"
              component="p"
              color={
                mine.balance > 0 ? 'success.main' : mine.balance < 0 ? 'error.main' : 'text.primary'
              }
            >
              <Amount>{formatMoney(mine.balance, currency)}</Amount>
            </Typography>
          </CardContent>
        </Card>
      )}
      {!data.closed_at && <AddExpenseButton eventId={eventId} onInView={setAddInView} />}
      {balances && balances.missing_rates.length > 0 && (
        <LazyAlert severity="warning">
          {t('event.missingRates', { currencies: balances.missing_rates.join(', ') })}
        </LazyAlert>
      )}
      {balances && data.expenditures.length > 0 && (
        <EventTotalsCard eventId={eventId} totals={balances.totals} currency={currency} />
      )}
      {/* On a wide screen (lg), who owes whom beside what happened; one column below that, in
          the same order, which is also the order of the keyboard and of a screen reader. */}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3}>
          <section aria-labelledby="balances-title">
            <Stack direction="row" justifyContent="space-between" alignItems="center">
              <Typography id="balances-title" variant="h6" component="h2">
                {t('event.balances')}
              </Typography>
              <Stack direction="row">
                <Button component={RouterLink} to={`/event/${eventId}/settings#invite`}>
                  {t('share.invite')}
                </Button>
                <Button component={RouterLink} to={`/event/${eventId}/people`}>
                  {t('people.title')}
                </Button>
              </Stack>
            </Stack>
            {balances ? (
              <BalanceList
                eventId={eventId}
                balances={balances}
                people={data.users}
                currency={currency}
                me={me}
              />
            ) : (
              <LazySkeleton variant="rounded" height={120} />
            )}
          </section>
          <SettleSection event={data} balances={balances} me={me} />
          <section aria-labelledby="payments-title">
            <Stack direction="row" justifyContent="space-between" alignItems="center">
              <Typography id="payments-title" variant="h6" component="h2">
                {t('event.payments')}
              </Typography>
              {!data.closed_at && (
                <Button component={RouterLink} to={`/event/payment/${eventId}/new`}>
                  {t('payment.record')}
                </Button>
              )}
            </Stack>
            {data.payments.length === 0 ? (
              <Typography color="text.secondary">{t('event.noPayments')}</Typography>
            ) : (
              <List dense aria-labelledby="payments-title">
                {[...data.payments]
                  .reverse()
                  .slice(0, 10)
                  .map((payment) => (
                    <LinkListItem
                      key={payment.id}
                      divider
                      to={`/event/payment/${eventId}/${payment.id}`}
                    >
                      <ListItemText
                        primary={t('event.pays', {
                          from: payment.payer_name,
                          to: payment.payee_name,
                        })}
                        secondary={formatDate(payment.date)}
                      />
                      <ListAmount
                        amount={formatMoney(payment.amount, {
                          id: payment.currency_id,
                          decimals: currencyDecimals(data, payment.currency_id),
                        })}
                        home={homeText(homeAmount.payment(payment))}
                      />
                    </LinkListItem>
                  ))}
              </List>
            )}
          </section>
        </Stack>
        <Stack spacing={3}>
          <section aria-labelledby="recent-title">
            <Stack direction="row" justifyContent="space-between" alignItems="center">
              <Typography id="recent-title" variant="h6" component="h2">
                {t('event.recent')}
              </Typography>
              <Button component={RouterLink} to={`/event/${eventId}/expenses`}>
                {t('expenses.all')}
              </Button>
            </Stack>
            {data.expenditures.length === 0 ? (
              <NoExpensesYet eventId={eventId} closed={Boolean(data.closed_at)} />
            ) : (
              <List dense aria-labelledby="recent-title">
                {[...data.expenditures]
                  .reverse()
                  .slice(0, 10)
                  .map((expense) => (
                    <LinkListItem
                      key={expense.id}
                      divider
                      to={`/event/expense/${eventId}/${expense.id}`}
                    >
                      <ListItemText
                        primary={expense.title}
                        secondary={
                          expense.kind === 'income'
                            ? t('event.receivedOn', { date: formatDate(expense.date) })
                            : formatDate(expense.date)
                        }
                      />
                      <ListAmount
                        amount={formatMoney(expense.amount, {
                          id: expense.currency_id,
                          decimals: currencyDecimals(data, expense.currency_id),
                        })}
                        home={homeText(homeAmount.expense(expense))}
                        income={expense.kind === 'income'}
                      />
                    </LinkListItem>
                  ))}
              </List>
            )}
          </section>
          <section aria-labelledby="activity-title">
            <Stack direction="row" justifyContent="space-between" alignItems="center">
              <Typography id="activity-title" variant="h6" component="h2">
                {t('activity.title')}
              </Typography>
              <Button component={RouterLink} to={`/event/${eventId}/history`}>
                {t('history.seeAll')}
              </Button>
            </Stack>
            {settled ? (
              <Suspense fallback={<LazySkeleton variant="rounded" height={120} />}>
                <ActivityList eventId={eventId} people={data.users} limit={8} />
              </Suspense>
            ) : (
              <Box sx={{ height: 120 }} />
            )}
          </section>
        </Stack>
      </Box>
      {/* A closed event is read-only: nothing to add until it is reopened. */}
      {!data.closed_at && settled && (
        <Suspense fallback={null}>
          <AddExpenseFab eventId={eventId} wide={wide} hidden={addInView} />
        </Suspense>
      )}
    </Stack>
  );
}
