import { Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { Balances, Currency, User } from '@quits/contract';
import { Amount } from '@web/components/amount';
import { formatMoney } from '@web/lib/money';
import { withTexts } from '@web/lib/texts-ready';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const PayDialog = lazy(async () => ({
  default: (await import('./pay-dialog')).PayDialog,
}));
// Its texts are among those fetched after the first screen (app/text-parts.ts): waited for.
const PlanExplanationDialog = lazy(() =>
  withTexts('explain.title', () => import('./plan-explanation-dialog')).then((module) => ({
    default: module.PlanExplanationDialog,
  })),
);

type Transfer = Balances['settlements'][number];

/** A finger's size (44 px, WCAG 2.5.5): "Mark as paid" records money with one tap. */
const TAP_TARGET = { flexShrink: 0, minHeight: 44 } as const;

/**
 * The fewest transfers that settle everyone, each with "mark as paid", and "how to pay" when
 * the payee gave payment details.
 */
export function SettlementList(props: {
  settlements: Balances['settlements'];
  people: readonly User[];
  currency: Pick<Currency, 'id' | 'decimals'>;
  /** For the reference of a bank transfer ("Quits: <event name>"). */
  eventName: string;
  /** The balances the plan was made from: "Why these transfers?" explains it with them. */
  balances?: Balances;
  busy: boolean;
  onMarkPaid(transfer: Transfer): void;
}) {
  const { t } = useTranslation();
  const person = (id: string) => props.people.find((someone) => someone.id === id);
  const name = (id: string) => person(id)?.name ?? '?';
  const [paying, setPaying] = useState<Transfer | null>(null);
  const [explaining, setExplaining] = useState(false);
  const payee = paying ? person(paying.to_user_id) : undefined;
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
  const markPaid = (transfer: Transfer, index: number) => {
    marked.current = { index, before: props.settlements };
    props.onMarkPaid(transfer);
  };
  return (
    <>
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
            {person(transfer.to_user_id)?.payment_details && (
              <Button onClick={() => setPaying(transfer)} sx={TAP_TARGET}>
                {t('pay.howToPay')}
              </Button>
            )}
            <Button
              variant="outlined"
              disabled={props.busy}
              onClick={() => markPaid(transfer, index)}
              sx={TAP_TARGET}
            >
              {t('event.markPaid')}
            </Button>
          </ListItem>
        ))}
      </List>
      {props.balances && (
        <Button onClick={() => setExplaining(true)} sx={{ minHeight: 44, mt: 1 }}>
          {t('event.whyTransfers')}
        </Button>
      )}
      {explaining && props.balances && (
        <Suspense fallback={null}>
          <PlanExplanationDialog
            balances={props.balances}
            people={props.people}
            currency={props.currency}
            onClose={() => setExplaining(false)}
          />
        </Suspense>
      )}
      {paying && payee && (
        <Suspense fallback={null}>
          <PayDialog
            open
            payer={name(paying.from_user_id)}
            payee={payee}
            amount={paying.amount}
            currency={props.currency}
            eventName={props.eventName}
            busy={props.busy}
            onClose={() => setPaying(null)}
            onMarkPaid={() => markPaid(paying, props.settlements.indexOf(paying))}
          />
        </Suspense>
      )}
    </>
  );
}
