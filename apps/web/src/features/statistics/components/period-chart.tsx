import { Box, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { Currency } from '@quits/contract';
import type { PeriodSpending, PeriodUnit } from '@quits/domain';
import { useChartDirection } from '@web/components/chart-direction';
import { formatMoney } from '@web/lib/money';
import { useTranslation } from 'react-i18next';
import { formatMoneyCompact, formatPeriodLong, formatPeriodShort } from '../statistics-format';
import { StatisticsSection } from './statistics-section';
import { visuallyHidden } from './visually-hidden';

/**
 * Spending per day or per month as bars, quiet periods included; the same figures in a table
 * that only screen readers see (the chart is hidden from them).
 */
export function PeriodChart(props: {
  rows: readonly PeriodSpending[];
  unit: PeriodUnit;
  currency: Pick<Currency, 'id' | 'decimals'>;
}) {
  const { t } = useTranslation();
  const chart = useChartDirection();
  const { palette } = useTheme();
  const title = props.unit === 'day' ? t('statistics.perDay') : t('statistics.perMonth');
  return (
    <StatisticsSection id="statistics-periods" title={title}>
      <Box aria-hidden sx={{ mx: -1 }}>
        <BarChart
          height={200}
          margin={chart.margin({ top: 14, right: 20, bottom: 4, left: 4 })}
          xAxis={[
            {
              reverse: chart.reverse,
              scaleType: 'band',
              data: props.rows.map((row) => row.period),
              valueFormatter: (period: string, context) =>
                context.location === 'tick'
                  ? formatPeriodShort(period, props.unit)
                  : formatPeriodLong(period, props.unit),
              // A few periods would make slabs: thinner bars keep them reading as days.
              categoryGapRatio: props.rows.length < 5 ? 0.6 : 0.25,
              height: 28,
            },
          ]}
          yAxis={[
            {
              position: chart.side,
              valueFormatter: (value: number) => formatMoneyCompact(value, props.currency),
              tickNumber: 4,
              width: 56,
            },
          ]}
          series={[
            {
              data: props.rows.map((row) => row.amount),
              label: title,
              color: palette.primary.main,
              valueFormatter: (value) => (value === null ? '' : formatMoney(value, props.currency)),
            },
          ]}
          borderRadius={3}
          grid={{ horizontal: true }}
          hideLegend
        />
      </Box>
      {/* A div clips it: a table keeps its content's height whatever its own is. */}
      <Box sx={visuallyHidden}>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">
                {props.unit === 'day' ? t('statistics.day') : t('statistics.month')}
              </th>
              <th scope="col">{t('statistics.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr key={row.period}>
                <th scope="row">{formatPeriodLong(row.period, props.unit)}</th>
                <td>{formatMoney(row.amount, props.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </StatisticsSection>
  );
}
