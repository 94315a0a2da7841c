import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { Currency, User } from '@quits/contract';
import { paymentOptions, quitsRemittance } from '@quits/domain';
import { formatMoney } from '@web/lib/money';
import { useTranslation } from 'react-i18next';
import { PayOptions } from './pay-options';

/**
 * "How to pay" for one suggested transfer: the payee's ways to be paid with the amount, then
 * "mark as paid". Everything comes from the cached event, so it works offline too.
 * Loaded only when opened, to keep the event home's first load small.
 */
export function PayDialog(props: {
  open: boolean;
  payer: string;
  payee: User;
  /** In minor units of `currency`. */
  amount: number;
  currency: Pick<Currency, 'id' | 'decimals'>;
  eventName: string;
  busy: boolean;
  onClose(): void;
  onMarkPaid(): void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const amount = formatMoney(props.amount, props.currency);
  const options = paymentOptions(props.payee.payment_details, {
    amount: props.amount,
    currency: props.currency.id,
    decimals: props.currency.decimals,
    payeeName: props.payee.name,
    eventName: props.eventName,
  });
  return (
    <Dialog open={props.open} onClose={props.onClose} fullScreen={phone} fullWidth maxWidth="xs">
      <DialogTitle>
        {t('pay.title', { from: props.payer, to: props.payee.name, amount })}
      </DialogTitle>
      <DialogContent>
        <PayOptions
          options={options}
          payee={props.payee.name}
          amount={amount}
          reference={quitsRemittance(props.eventName)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.close')}</Button>
        <Button
          variant="contained"
          disabled={props.busy}
          onClick={() => {
            props.onMarkPaid();
            props.onClose();
          }}
        >
          {t('event.markPaid')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
