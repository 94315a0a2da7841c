import { Typography } from '@mui/material';
import type { Balances, Event } from '@quits/contract';
import { useQueryClient } from '@tanstack/react-query';
import { LazyAlert } from '@web/components/lazy-alert';
import { SettlementList } from '@web/features/balances';
import { errorText } from '@web/lib/error-text';
import { currencyDecimals, formatMoney } from '@web/lib/money';
import { notify } from '@web/lib/notices';
import { queuedText } from '@web/offline/queued-text';
import { useTranslation } from 'react-i18next';
import { takeBackPayment, useRecordPayment } from '../api/record-payment';

type Transfer = Balances['settlements'][number];

/**
 * The home's suggested transfers. "Mark as paid" records the payment at once (one tap, as the
 * person has just paid) and says what it recorded, with "Undo" beside it, as a deletion does.
 */
export function SettleSection(props: {
  event: Event;
  balances: Balances | null;
  me: string | null;
}) {
  const { event, me } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pay = useRecordPayment(event.id, me);
  const currency = { id: event.currency_id, decimals: currencyDecimals(event, event.currency_id) };
  const name = (id: string) => event.users.find((person) => person.id === id)?.name ?? '?';

  const undo = async (paymentId: string) => {
    try {
      const outcome = await takeBackPayment(queryClient, event.id, me, paymentId);
      notify(outcome.queued ? queuedText(t) : t('payment.deleted'), 'info');
    } catch (error) {
      notify(errorText(error instanceof Error ? error : new Error(String(error)), t), 'error');
    }
  };
  const markPaid = (transfer: Transfer) => {
    const id = crypto.randomUUID();
    pay.mutate(
      {
        id,
        payer_id: transfer.from_user_id,
        payee_id: transfer.to_user_id,
        amount: transfer.amount,
        title: t('event.markPaid'),
      },
      {
        onSuccess: (outcome) =>
          notify(
            outcome.queued
              ? queuedText(t)
              : t('event.markedPaid', {
                  from: name(transfer.from_user_id),
                  to: name(transfer.to_user_id),
                  amount: formatMoney(transfer.amount, currency),
                }),
            outcome.queued ? 'info' : 'success',
            { action: { label: t('history.undo'), run: () => void undo(id) } },
          ),
      },
    );
  };

  return (
    <section aria-labelledby="settle-title">
      <Typography id="settle-title" variant="h6" component="h2" gutterBottom>
        {t('event.settle')}
      </Typography>
      {props.balances && (
        <SettlementList
          settlements={props.balances.settlements}
          people={event.users}
          currency={currency}
          eventName={event.name}
          balances={props.balances}
          busy={pay.isPending}
          onMarkPaid={markPaid}
        />
      )}
      {pay.error && (
        <LazyAlert severity="error">
          {t('errors.generic', { message: pay.error.message })}
        </LazyAlert>
      )}
    </section>
  );
}
