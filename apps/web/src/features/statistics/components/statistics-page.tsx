import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { BalanceTimelineChart } from '@web/components/balance-timeline';
import { LazySkeleton } from '@web/components/lazy-skeleton';
import { useEventBalances } from '@web/features/balances';
import { currenciesQuery } from '@web/features/currencies';
import { EventLoadState, useEvent, useWhoAmI } from '@web/features/events';
import { currencyDecimals } from '@web/lib/money';
import { usePageTitle } from '@web/lib/page-title';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { NO_FILTER, type StatisticsFilterState, useEventStatistics } from '../use-event-statistics';
import { BiggestExpenses } from './biggest-expenses';
import { CategoryChart } from './category-chart';
import { PeopleChart } from './people-chart';
import { PeriodChart } from './period-chart';
import { StatisticsFilters } from './statistics-filters';
import { StatisticsSection } from './statistics-section';
import { StatisticsTotal } from './statistics-total';

/**
 * /event/{id}/statistics: where the money went, in the event currency. Loaded on demand with
 * its charts, so the charting library never weighs on other screens.
 */
export function StatisticsPage() {
  const { t } = useTranslation();
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  const me = useWhoAmI(eventId);
  const [filter, setFilter] = useState<StatisticsFilterState>(NO_FILTER);
  const stats = useEventStatistics(event.data, filter);
  const balances = useEventBalances(event.data);
  const currencies = useQuery(currenciesQuery()).data;
  usePageTitle(t('statistics.title'));

  if (!event.data || stats === undefined) {
    return <EventLoadState error={event.error} heights={[96, 120, 320]} />;
  }
  const data = event.data;
  if (!data.expenditures.some((expense) => !expense.deleted_at)) {
    return (
      <Stack spacing={2} alignItems="flex-start">
        <Typography color="text.secondary">{t('statistics.empty')}</Typography>
        <Button variant="contained" component={RouterLink} to={`/event/expense/${eventId}/new`}>
          {t('expense.add')}
        </Button>
      </Stack>
    );
  }
  const currency = { id: data.currency_id, decimals: currencyDecimals(data, data.currency_id) };
  const person = data.users.find((user) => user.id === filter.personId) ?? null;
  // Balances count every date and every payment: beside a filtered view they would not compare.
  const unfiltered = !filter.from && !filter.to && !filter.personId;
  const livePayments = data.payments.some((payment) => !payment.deleted_at);
  const balanceByPerson =
    balances && unfiltered && livePayments
      ? new Map(balances.balances.map((row) => [row.user_id, row.balance]))
      : null;

  return (
    <Stack spacing={3}>
      <StatisticsFilters value={filter} people={data.users} me={me} onChange={setFilter} />
      {stats === null ? (
        <Alert severity="error">{t('statistics.outOfRange')}</Alert>
      ) : (
        <>
          <StatisticsTotal stats={stats} currency={currency} person={person} me={me} />
          {stats.missing_rates.length > 0 && (
            <Alert severity="warning">
              {t('event.missingRates', { currencies: stats.missing_rates.join(', ') })}
            </Alert>
          )}
          {stats.count === 0 ? (
            <Typography color="text.secondary" role="status">
              {t('statistics.noneMatch')}
            </Typography>
          ) : (
            <Box
              sx={{
                display: 'grid',
                gap: 3,
                alignItems: 'start',
                // One column on a phone; beside each other from the desktop width, the long
                // category list on its own side.
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
                gridTemplateAreas: {
                  xs: '"people" "categories" "periods" "biggest"',
                  md: '"people categories" "biggest categories" "periods periods"',
                },
              }}
            >
              <Box sx={{ gridArea: 'people', minWidth: 0 }}>
                <PeopleChart
                  rows={stats.people}
                  people={data.users}
                  me={me}
                  currency={currency}
                  balances={balanceByPerson}
                />
              </Box>
              <Box sx={{ gridArea: 'categories', minWidth: 0 }}>
                <CategoryChart rows={stats.categories} total={stats.total} currency={currency} />
              </Box>
              <Box sx={{ gridArea: 'periods', minWidth: 0 }}>
                <PeriodChart rows={stats.periods} unit={stats.period_unit} currency={currency} />
              </Box>
              <Box sx={{ gridArea: 'biggest', minWidth: 0 }}>
                <BiggestExpenses rows={stats.biggest} event={data} currency={currency} />
              </Box>
            </Box>
          )}
          <StatisticsSection id="statistics-timeline" title={t('statistics.timeline')}>
            <Suspense fallback={<LazySkeleton variant="rounded" height={240} />}>
              <BalanceTimelineChart
                event={data}
                currencies={currencies ?? []}
                personId={filter.personId || null}
                currency={currency}
              />
            </Suspense>
          </StatisticsSection>
        </>
      )}
    </Stack>
  );
}
