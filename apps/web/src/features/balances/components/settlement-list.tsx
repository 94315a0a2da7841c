import { Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { Balances, Currency, User } from '@quits/contract';
import { Amount } from '@web/components/amount';
import { formatMoney } from '@web/lib/money';
import { useTranslation } from 'react-i18next';

/** The fewest transfers that settle everyone, each with "mark as paid". */
export function SettlementList(props: {
  settlements: Balances['settlements'];
  people: readonly User[];
  currency: Pick<Currency, 'id' | 'decimals'>;
  busy: boolean;
  onMarkPaid(transfer: Balances['settlements'][number]): void;
}) {
  const { t } = useTranslation();
  const name = (id: string) => props.people.find((person) => person.id === id)?.name ?? '?';
  if (props.settlements.length === 0) {
    return <Typography color="text.secondary">{t('event.settled')}</Typography>;
  }
  return (
    <List dense aria-label={t('event.settle')}>
      {props.settlements.map((transfer) => (
        // The button sits beside the text rather than over it, so that a long label
        // ("Als bezahlt markieren") makes the names wrap instead of covering them.
        <ListItem key={`${transfer.from_user_id}-${transfer.to_user_id}`} divider sx={{ gap: 1 }}>
          <ListItemText
            primary={t('event.pays', {
              from: name(transfer.from_user_id),
              to: name(transfer.to_user_id),
            })}
            secondary={<Amount>{formatMoney(transfer.amount, props.currency)}</Amount>}
          />
          <Button
            size="small"
            disabled={props.busy}
            onClick={() => props.onMarkPaid(transfer)}
            sx={{ flexShrink: 0 }}
          >
            {t('event.markPaid')}
          </Button>
        </ListItem>
      ))}
    </List>
  );
}
