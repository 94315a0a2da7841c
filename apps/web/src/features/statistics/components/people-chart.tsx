import { Box, List, ListItem, ListItemText, Stack, Typography, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { Currency, User } from '@quits/contract';
import type { PersonSpending } from '@quits/domain';
import { Amount } from '@web/components/amount';
import { useChartDirection } from '@web/components/chart-direction';
import { formatMoney } from '@web/lib/money';
import { useTranslation } from 'react-i18next';
import { formatMoneyCompact } from '../statistics-format';
import { StatisticsSection } from './statistics-section';

const ROW_HEIGHT = 52;

/**
 * Per person, what they paid beside their share, as bars; under the chart the same figures
 * and the difference as text, which is what screen readers read (the chart is hidden from them).
 * The difference leaves payments out, so the balance after them stands beside it, and says so.
 */
export function PeopleChart(props: {
  rows: readonly PersonSpending[];
  people: readonly User[];
  me: string | null;
  currency: Pick<Currency, 'id' | 'decimals'>;
  /**
   * Each person's balance, payments included; null hides it: with a filter (the balance counts
   * every date, so the two would not compare) or without payments (the two are the same).
   */
  balances: ReadonlyMap<string, number> | null;
}) {
  const { t } = useTranslation();
  const chart = useChartDirection();
  const { palette } = useTheme();
  const nameOf = (userId: string) => {
    const name = props.people.find((person) => person.id === userId)?.name ?? '?';
    return userId === props.me ? t('people.me', { name }) : name;
  };
  const names = props.rows.map((row) => nameOf(row.user_id));
  const balanceOf = (userId: string) => props.balances?.get(userId) ?? null;
  const money = (value: number | null) =>
    value === null ? '' : formatMoney(value, props.currency);
  return (
    <StatisticsSection id="statistics-people" title={t('statistics.people')}>
      <Box aria-hidden sx={{ mx: -1 }}>
        <BarChart
          layout="horizontal"
          height={36 + props.rows.length * ROW_HEIGHT}
          margin={chart.margin({ top: 8, right: 24, bottom: 4, left: 4 })}
          yAxis={[
            {
              scaleType: 'band',
              data: names,
              width: 72,
              categoryGapRatio: 0.35,
              position: chart.side,
            },
          ]}
          xAxis={[
            {
              reverse: chart.reverse,
              valueFormatter: (value: number) => formatMoneyCompact(value, props.currency),
              tickNumber: 4,
              height: 28,
            },
          ]}
          series={[
            {
              data: props.rows.map((row) => row.paid),
              label: t('statistics.paid'),
              color: palette.primary.main,
              valueFormatter: money,
            },
            {
              data: props.rows.map((row) => row.share),
              label: t('statistics.share'),
              color: palette.secondary.main,
              valueFormatter: money,
            },
          ]}
          borderRadius={4}
          grid={{ vertical: true }}
          slotProps={{ legend: { position: { vertical: 'top', horizontal: 'start' } } }}
        />
      </Box>
      <List dense disablePadding aria-labelledby="statistics-people">
        {props.rows.map((row, index) => (
          <ListItem key={row.user_id} divider={index < props.rows.length - 1} disableGutters>
            <ListItemText
              primary={names[index]}
              secondary={t('statistics.paidAndShare', {
                paid: formatMoney(row.paid, props.currency),
                share: formatMoney(row.share, props.currency),
              })}
            />
            <Stack alignItems="flex-end" sx={{ ml: 1 }}>
              <Typography variant="caption" color="text.secondary" noWrap>
                {t('statistics.difference')}
              </Typography>
              <Typography
                color={
                  row.difference > 0
                    ? 'success.main'
                    : row.difference < 0
                      ? 'error.main'
                      : 'text.secondary'
                }
                sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}
              >
                <Amount>{formatMoney(row.difference, props.currency)}</Amount>
              </Typography>
              {balanceOf(row.user_id) !== null && (
                <Typography variant="caption" color="text.secondary">
                  <Amount>
                    {t('statistics.afterPayments', {
                      amount: formatMoney(balanceOf(row.user_id) ?? 0, props.currency),
                    })}
                  </Amount>
                </Typography>
              )}
            </Stack>
          </ListItem>
        ))}
      </List>
      {props.balances && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('statistics.differenceNote')}
        </Typography>
      )}
    </StatisticsSection>
  );
}
