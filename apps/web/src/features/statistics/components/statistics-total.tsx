import { Card, CardContent, Typography } from '@mui/material';
import type { Currency, User } from '@quits/contract';
import type { EventStatistics } from '@quits/domain';
import { Amount } from '@web/components/amount';
import { formatDate } from '@web/lib/locale';
import { formatMoney } from '@web/lib/money';
import { useTranslation } from 'react-i18next';

/** The figure on top: the group's spending, or one person's share, and what it covers. */
export function StatisticsTotal(props: {
  stats: EventStatistics;
  currency: Pick<Currency, 'id' | 'decimals'>;
  person: User | null;
  me: string | null;
}) {
  const { t } = useTranslation();
  const { stats, person } = props;
  const label =
    person === null
      ? t('statistics.totalSpent')
      : person.id === props.me
        ? t('statistics.yourShare')
        : t('statistics.shareOf', { name: person.name });
  const count = t('statistics.expenseCount', { count: stats.count });
  const span =
    stats.first_date && stats.last_date && stats.first_date !== stats.last_date
      ? t('statistics.span', {
          from: formatDate(stats.first_date),
          to: formatDate(stats.last_date),
        })
      : stats.first_date
        ? formatDate(stats.first_date)
        : null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="statistics-total-label">
      <CardContent>
        <Typography id="statistics-total-label" variant="overline" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p" data-testid="statistics-total">
          <Amount>{formatMoney(stats.total, props.currency)}</Amount>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {span ? t('statistics.countAndSpan', { count, span }) : count}
        </Typography>
        {stats.income_count > 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="statistics-income">
            {t('statistics.received', {
              count: stats.income_count,
              amount: formatMoney(stats.income, props.currency),
              net: formatMoney(stats.total - stats.income, props.currency),
            })}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
