import { List, ListItemIcon, ListItemText, Typography } from '@mui/material';
import type { Event } from '@quits/contract';
import type { BiggestExpense } from '@quits/domain';
import { Amount } from '@web/components/amount';
import { LinkListItem } from '@web/components/link-list-item';
import { CategoryIcon, categoryName, categoryOf } from '@web/features/categories';
import { formatDate } from '@web/lib/locale';
import { currencyDecimals, formatMoney } from '@web/lib/money';
import { useTranslation } from 'react-i18next';
import { StatisticsSection } from './statistics-section';

/**
 * The largest expenses in the event currency, each opening the expense; one in another
 * currency shows its own amount too.
 */
export function BiggestExpenses(props: {
  rows: readonly BiggestExpense[];
  event: Event;
  currency: { id: string; decimals: number };
}) {
  const { t } = useTranslation();
  const { event } = props;
  return (
    <StatisticsSection id="statistics-biggest" title={t('statistics.biggest')}>
      {/* Rows reach the card's edges, so that their text lines up with the heading's. */}
      <List dense disablePadding aria-labelledby="statistics-biggest" sx={{ mx: -2 }}>
        {props.rows.map((row, index) => {
          const expense = event.expenditures.find((candidate) => candidate.id === row.id);
          if (!expense) return null;
          const category = categoryOf(row.category);
          const date = formatDate(row.date);
          const foreign = expense.currency_id !== event.currency_id;
          return (
            <LinkListItem
              key={row.id}
              divider={index < props.rows.length - 1}
              to={`/event/expense/${event.id}/${row.id}`}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <CategoryIcon category={category} label={categoryName(t, category)} />
              </ListItemIcon>
              <ListItemText
                primary={expense.title}
                secondary={
                  foreign
                    ? t('statistics.dateAndOriginal', {
                        date,
                        amount: formatMoney(expense.amount, {
                          id: expense.currency_id,
                          decimals: currencyDecimals(event, expense.currency_id),
                        }),
                      })
                    : date
                }
                slotProps={{ primary: { noWrap: true } }}
                sx={{ minWidth: 0 }}
              />
              <Typography sx={{ fontWeight: 500, whiteSpace: 'nowrap', ml: 1 }}>
                <Amount>{formatMoney(row.amount, props.currency)}</Amount>
              </Typography>
            </LinkListItem>
          );
        })}
      </List>
    </StatisticsSection>
  );
}
