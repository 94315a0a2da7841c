import { Box, Stack, Typography, useTheme } from '@mui/material';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { LineChart } from '@mui/x-charts/LineChart';
import type { Currency, Event } from '@quits/contract';
import { useChartDirection } from '@web/components/chart-direction';
import { formatDate } from '@web/lib/locale';
import { formatMoney } from '@web/lib/money';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { eventTimeline } from './event-timeline';

/** Distinct in light and dark mode; a person keeps their colour by their place in the event. */
const LINE_COLOURS = [
  '#1e88e5',
  '#e53935',
  '#43a047',
  '#fb8c00',
  '#8e24aa',
  '#00acc1',
  '#6d4c41',
  '#d81b60',
  '#7cb342',
  '#5e35b1',
];

const utcNoon = (date: string) => new Date(`${date}T12:00:00Z`);

/**
 * Balances through time: each person's balance after each day that has an entry, as steps (a
 * balance holds until the next entry), with the days of settle-up payments marked. With
 * `personId`, only that person's line. Loaded lazily, with the charting library, by the screens
 * that show it.
 */
export function BalanceTimelineChart(props: {
  event: Event;
  currencies: readonly Currency[];
  /** One person's line only; null for everyone's. */
  personId: string | null;
  currency: Pick<Currency, 'id' | 'decimals'>;
  height?: number;
}) {
  const { t } = useTranslation();
  const chart = useChartDirection();
  const { palette } = useTheme();
  const timeline = useMemo(
    () => eventTimeline(props.event, props.currencies),
    [props.event, props.currencies],
  );
  if (!timeline || timeline.points.length === 0) return null;
  const { points } = timeline;
  const first = points[0]?.date ?? '';
  const last = points.at(-1)?.date ?? '';
  const names = new Map(props.event.users.map((user) => [user.id, user.name]));
  const shown = timeline.user_ids
    .map((id, index) => ({ id, index }))
    .filter(({ id }) => (props.personId ? id === props.personId : names.has(id)));
  const settleUps = points.filter((point) => point.settleUp);
  const money = (value: number | null) =>
    value === null ? '' : formatMoney(value, props.currency);

  return (
    <Stack spacing={1} data-testid="balance-timeline">
      <Typography variant="body2" color="text.secondary">
        {t('statistics.timelineSummary', {
          count: points.length,
          from: formatDate(first),
          to: formatDate(last),
        })}
      </Typography>
      <Box aria-hidden sx={{ mx: -1 }}>
        <LineChart
          height={props.height ?? 240}
          margin={chart.margin({ top: 12, right: 16, bottom: 4, left: 4 })}
          xAxis={[
            {
              reverse: chart.reverse,
              scaleType: 'time',
              data: points.map((point) => utcNoon(point.date)),
              valueFormatter: (date: Date) => formatDate(date.toISOString().slice(0, 10)),
              tickNumber: 4,
              height: 28,
            },
          ]}
          yAxis={[
            {
              position: chart.side,
              valueFormatter: (value: number) => formatMoney(value, props.currency),
              tickNumber: 4,
              width: 72,
            },
          ]}
          series={shown.map(({ id, index }) => ({
            id,
            label: names.get(id) ?? '?',
            data: points.map((point) => point.balances[index] ?? 0),
            color: LINE_COLOURS[index % LINE_COLOURS.length],
            curve: 'stepAfter' as const,
            showMark: points.length <= 40,
            valueFormatter: money,
          }))}
          grid={{ horizontal: true }}
          hideLegend={shown.length < 2}
          slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom' } } }}
        >
          <ChartsReferenceLine y={0} lineStyle={{ stroke: palette.text.secondary }} />
          {settleUps.map((point) => (
            <ChartsReferenceLine
              key={point.date}
              x={utcNoon(point.date)}
              lineStyle={{ stroke: palette.success.main, strokeDasharray: '4 3' }}
            />
          ))}
        </LineChart>
      </Box>
      {settleUps.length > 0 && (
        <Typography variant="caption" color="text.secondary">
          <Box
            component="span"
            sx={{
              display: 'inline-block',
              width: 16,
              borderTop: `2px dashed ${palette.success.main}`,
              verticalAlign: 'middle',
              mr: 1,
            }}
          />
          {t('statistics.settleUp')}: {settleUps.map((point) => formatDate(point.date)).join(', ')}
        </Typography>
      )}
    </Stack>
  );
}
