import {
  Alert,
  Button,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import type { Currency, Event } from '@quits/contract';
import { useQuery } from '@tanstack/react-query';
import { Amount } from '@web/components/amount';
import { BalanceTimelineChart } from '@web/components/balance-timeline';
import { LazySkeleton } from '@web/components/lazy-skeleton';
import { LinkListItem } from '@web/components/link-list-item';
import { balanceColor, useEventBalances } from '@web/features/balances';
import { currenciesQuery } from '@web/features/currencies';
import { EventLoadState, useEvent, useWhoAmI } from '@web/features/events';
import { formatDate } from '@web/lib/locale';
import { formatMoney } from '@web/lib/money';
import { usePageTitle } from '@web/lib/page-title';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { statementRows } from '../statement-rows';
import { PaymentDetailsSection } from './payment-details-section';

const PresenceSection = lazy(async () => ({
  default: (await import('./presence-section')).PresenceSection,
}));

/**
 * One person's balance view: the balance, the suggested transfers that settle it, each with
 * "Record this payment" (the spec's deposit, paying what they owe, and withdraw, receiving what
 * they are owed: a payment form filled in), and every transaction that makes it up.
 */
export function PersonPage() {
  const { t } = useTranslation();
  const { eventId = '', personId = '' } = useParams();
  const event = useEvent(eventId);
  const currencies = useQuery(currenciesQuery());
  const person = event.data?.users.find((user) => user.id === personId);
  usePageTitle(person?.name ?? '');

  if (!event.data || (!currencies.data && currencies.isPending)) {
    return <EventLoadState error={event.error} heights={[240]} />;
  }
  if (!person) return <Alert severity="error">{t('people.notFound')}</Alert>;
  return (
    <PersonStatement event={event.data} personId={person.id} currencies={currencies.data ?? []} />
  );
}

function PersonStatement(props: {
  event: Event;
  personId: string;
  currencies: readonly Currency[];
}) {
  const { event, personId } = props;
  const { t } = useTranslation();
  const me = useWhoAmI(event.id);
  const person = event.users.find((user) => user.id === personId);
  const balances = useEventBalances(event);
  const currency = event.currency ?? { id: event.currency_id, decimals: 2 };
  const name = (id: string) => event.users.find((user) => user.id === id)?.name ?? '?';
  const rows = statementRows(event, personId, props.currencies);
  // The server's figure when it has answered; the rows add up to the same by construction.
  const balance =
    balances?.balances.find((row) => row.user_id === personId)?.balance ??
    rows.reduce((sum, row) => sum + row.effect, 0);
  const transfers =
    balances?.settlements.filter(
      (transfer) => transfer.from_user_id === personId || transfer.to_user_id === personId,
    ) ?? [];
  const paymentLink = (from: string, to: string, amount: number) =>
    `/event/payment/${event.id}/new?from=${from}&to=${to}&amount=${amount}`;

  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto' }}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="overline" color="text.secondary">
            {t('people.balanceOf', { name: name(personId) })}
          </Typography>
          <Typography variant="h4" component="p" color={balanceColor(balance)}>
            <Amount>{formatMoney(balance, currency)}</Amount>
          </Typography>
          <Typography color="text.secondary">
            {balance > 0 ? t('event.owed') : balance < 0 ? t('event.owes') : t('event.even')}
          </Typography>
        </CardContent>
      </Card>
      {person && (
        <PaymentDetailsSection
          eventId={event.id}
          person={person}
          whoAmI={me}
          readOnly={Boolean(event.closed_at)}
        />
      )}
      {rows.length > 0 && (
        <section aria-labelledby="person-timeline-title">
          <Typography id="person-timeline-title" variant="h6" component="h2">
            {t('people.timeline')}
          </Typography>
          <Suspense fallback={<LazySkeleton variant="rounded" height={200} />}>
            <BalanceTimelineChart
              event={event}
              currencies={props.currencies}
              personId={personId}
              currency={currency}
              height={200}
            />
          </Suspense>
        </section>
      )}
      {transfers.length > 0 && (
        <section aria-labelledby="person-settle-title">
          <Typography id="person-settle-title" variant="h6" component="h2">
            {t('event.settle')}
          </Typography>
          <List dense>
            {transfers.map((transfer) => {
              const transferId = `transfer-${transfer.from_user_id}-${transfer.to_user_id}`;
              return (
                // The button below its words when they do not fit beside them (long names, German).
                <ListItem
                  key={transferId}
                  divider
                  sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}
                >
                  <ListItemText
                    id={transferId}
                    primary={t('event.pays', {
                      from: name(transfer.from_user_id),
                      to: name(transfer.to_user_id),
                    })}
                    secondary={<Amount>{formatMoney(transfer.amount, currency)}</Amount>}
                    sx={{ flex: '1 1 12rem' }}
                  />
                  <Button
                    variant="outlined"
                    component={RouterLink}
                    to={paymentLink(transfer.from_user_id, transfer.to_user_id, transfer.amount)}
                    // Named by its row for whoever reads the buttons alone: "Ben pays Ana".
                    aria-describedby={transferId}
                    sx={{ minHeight: 44 }}
                  >
                    {t('people.recordPayment')}
                  </Button>
                </ListItem>
              );
            })}
          </List>
        </section>
      )}
      <section aria-labelledby="transactions-title">
        <Typography id="transactions-title" variant="h6" component="h2">
          {t('people.transactions')}
        </Typography>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{t('people.noTransactions')}</Typography>
        ) : (
          <List dense aria-labelledby="transactions-title">
            {rows.map((row) => (
              <LinkListItem key={row.id} divider to={row.href}>
                <ListItemText
                  primary={
                    row.counterpart
                      ? row.counterpart.sent
                        ? t('people.paidTo', { name: name(row.counterpart.personId) })
                        : t('people.receivedFrom', { name: name(row.counterpart.personId) })
                      : row.title
                  }
                  secondary={
                    row.counterpart
                      ? formatDate(row.date)
                      : t(row.income ? 'people.incomeLine' : 'people.line', {
                          date: formatDate(row.date),
                          // An income's figures are told as received: positive.
                          paid: formatMoney(Math.abs(row.paid), currency),
                          share: formatMoney(Math.abs(row.received), currency),
                        })
                  }
                />
                <Typography fontWeight={600} color={balanceColor(row.effect)}>
                  <Amount>{formatMoney(row.effect, currency)}</Amount>
                </Typography>
              </LinkListItem>
            ))}
          </List>
        )}
      </section>
      {person && (
        <Suspense fallback={<LazySkeleton variant="rounded" height={120} />}>
          <PresenceSection eventId={event.id} person={person} whoAmI={me} />
        </Suspense>
      )}
    </Stack>
  );
}
