import { Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { Balances, Currency, User } from '@quits/contract';
import { Amount } from '@web/components/amount';
import { formatMoney } from '@web/lib/money';
import { useEffect, useRef } from 'react';
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
  const list = useRef<HTMLUListElement>(null);
  const settled = useRef<HTMLParagraphElement>(null);
  // "Mark as paid" removes its own row: once the new transfers show, focus goes to the button
  // now in that place (or the last one), or to "Everyone is settled up" when none is left.
  const marked = useRef<{ index: number; before: Balances['settlements'] } | null>(null);
  useEffect(() => {
    const pending = marked.current;
    if (!pending || props.busy || props.settlements === pending.before) return;
    marked.current = null;
    const buttons = list.current?.querySelectorAll<HTMLElement>('button');
    const next = buttons?.[Math.min(pending.index, buttons.length - 1)];
    (next ?? settled.current)?.focus();
  }, [props.settlements, props.busy]);

  if (props.settlements.length === 0) {
    return (
      <Typography ref={settled} tabIndex={-1} color="text.secondary">
        {t('event.settled')}
      </Typography>
    );
  }
  return (
    <List ref={list} dense aria-label={t('event.settle')}>
      {props.settlements.map((transfer, index) => (
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
            onClick={() => {
              marked.current = { index, before: props.settlements };
              props.onMarkPaid(transfer);
            }}
            sx={{ flexShrink: 0 }}
          >
            {t('event.markPaid')}
          </Button>
        </ListItem>
      ))}
    </List>
  );
}
