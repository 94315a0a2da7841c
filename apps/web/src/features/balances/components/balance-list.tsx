import { List, ListItem, ListItemText, Typography } from '@mui/material';
import type { Balances, Currency, User } from '@quits/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/money';

/** Everyone's balance, the device's own person first. */
export function BalanceList(props: {
  balances: Balances;
  people: readonly User[];
  currency: Pick<Currency, 'id' | 'decimals'>;
  me: string | null;
}) {
  const { t } = useTranslation();
  const name = (id: string) => props.people.find((person) => person.id === id)?.name ?? '?';
  const rows = [...props.balances.balances].sort(
    (a, b) => Number(b.user_id === props.me) - Number(a.user_id === props.me),
  );
  return (
    <List dense aria-label={t('event.balances')}>
      {rows.map((row) => (
        <ListItem key={row.user_id} divider>
          <ListItemText
            primary={name(row.user_id)}
            secondary={
              row.balance > 0
                ? t('event.owed')
                : row.balance < 0
                  ? t('event.owes')
                  : t('event.even')
            }
          />
          <Typography
            fontWeight={600}
            color={
              row.balance > 0 ? 'success.main' : row.balance < 0 ? 'error.main' : 'text.secondary'
            }
          >
            {formatMoney(row.balance, props.currency)}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}
