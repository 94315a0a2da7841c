import {
  Box,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
  useTheme,
} from '@mui/material';
import { PieChart } from '@mui/x-charts/PieChart';
import type { Currency } from '@quits/contract';
import type { CategorySpending } from '@quits/domain';
import { Amount } from '@web/components/amount';
import { CategoryIcon, categoryColor, categoryName, categoryOf } from '@web/features/categories';
import { formatMoney } from '@web/lib/money';
import { useTranslation } from 'react-i18next';
import { formatMoneyCompact, formatPercent } from '../statistics-format';
import { StatisticsSection } from './statistics-section';

/**
 * Spending per category as a donut, each slice in its category's colour; the list beside it is
 * the legend and the figures as text (what screen readers read: the chart is hidden from them).
 */
export function CategoryChart(props: {
  rows: readonly CategorySpending[];
  total: number;
  currency: Pick<Currency, 'id' | 'decimals'>;
}) {
  const { t } = useTranslation();
  const mode = useTheme().palette.mode;
  const rows = props.rows.map((row) => {
    const category = categoryOf(row.category);
    return { ...row, category, name: categoryName(t, category) };
  });
  const full = formatMoney(props.total, props.currency);
  // The hole is about 110 px wide: a long amount shows in short there (the total above has it in full).
  const centre = full.length > 10 ? formatMoneyCompact(props.total, props.currency) : full;
  return (
    <StatisticsSection id="statistics-categories" title={t('statistics.categories')}>
      <Box aria-hidden sx={{ position: 'relative', width: 200, mx: 'auto' }}>
        <PieChart
          height={200}
          width={200}
          hideLegend
          margin={0}
          series={[
            {
              data: rows.map((row) => ({
                id: row.category,
                value: row.amount,
                label: row.name,
                color: categoryColor(row.category, mode),
              })),
              innerRadius: '58%',
              outerRadius: '100%',
              paddingAngle: 1.5,
              cornerRadius: 4,
              valueFormatter: (item) => formatMoney(item.value, props.currency),
            },
          ]}
        />
        <Typography
          variant="subtitle1"
          component="span"
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontWeight: 500,
            pointerEvents: 'none',
          }}
        >
          {centre}
        </Typography>
      </Box>
      <List dense disablePadding aria-labelledby="statistics-categories">
        {rows.map((row, index) => (
          <ListItem key={row.category} divider={index < rows.length - 1} disableGutters>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <CategoryIcon category={row.category} />
            </ListItemIcon>
            <ListItemText
              primary={row.name}
              secondary={t('statistics.expenseCount', { count: row.count })}
            />
            <Box sx={{ textAlign: 'end', ml: 1 }}>
              <Typography sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                <Amount>{formatMoney(row.amount, props.currency)}</Amount>
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {formatPercent(row.amount, props.total)}
              </Typography>
            </Box>
          </ListItem>
        ))}
      </List>
    </StatisticsSection>
  );
}
