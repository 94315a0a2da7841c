import { List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import type { Balances, Currency, User } from '@quits/contract';
import { Amount } from '@web/components/amount';
import { formatMoney } from '@web/lib/money';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { balanceColor } from '../balance-color';

/** Everyone's balance, the device's own person first; each opens that person's balance view. */
export function BalanceList(props: {
  eventId: string;
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
        <ListItem key={row.user_id} divider disablePadding>
          <ListItemButton
            component={RouterLink}
            to={`/event/${props.eventId}/people/${row.user_id}`}
          >
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
            <Typography fontWeight={600} color={balanceColor(row.balance)}>
              <Amount>{formatMoney(row.balance, props.currency)}</Amount>
            </Typography>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
