import { Autocomplete, Stack, TextField } from '@mui/material';
import type { Currency, Event } from '@quits/contract';
import { evaluateAmountSum, isAmountSum } from '@quits/domain';
import { formatLocale } from '@web/lib/locale';
import { currencyDecimals, formatMoney } from '@web/lib/money';
import { useTranslation } from 'react-i18next';

/**
 * An amount as the person types it (comma or dot) beside its currency: the event's currencies
 * first, then every other one of the global list. A sum ("12.50+3.20*2") is worked out as it is
 * typed, and its result shown under it: that is what is saved.
 */
export function AmountField(props: {
  event: Event;
  currencies: readonly Currency[];
  amountLabel: string;
  currencyLabel: string;
  amountText: string;
  currencyId: string;
  error: string | null;
  onAmountChange(amountText: string): void;
  onCurrencyChange(currencyId: string): void;
}) {
  const { event } = props;
  const { t } = useTranslation();
  const decimals = currencyDecimals(event, props.currencyId, props.currencies);
  const sum = isAmountSum(props.amountText)
    ? evaluateAmountSum(props.amountText, decimals, formatLocale())
    : null;
  const sumText =
    sum === null
      ? null
      : t('common.sumResult', { amount: formatMoney(sum, { id: props.currencyId, decimals }) });
  const options = [
    ...new Set([
      event.currency_id,
      ...event.currency_rates.map((rate) => rate.currency_id),
      ...props.currencies.map((currency) => currency.id),
    ]),
  ];
  return (
    <Stack direction="row" spacing={1}>
      <TextField
        label={props.amountLabel}
        value={props.amountText}
        required
        onChange={(change) => props.onAmountChange(change.target.value)}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        error={Boolean(props.error)}
        helperText={props.error ?? sumText ?? ' '}
        sx={{ flex: 1 }}
      />
      <Autocomplete
        options={options}
        value={props.currencyId}
        disableClearable
        onChange={(_event, currencyId) => props.onCurrencyChange(currencyId)}
        renderInput={(params) => <TextField {...params} label={props.currencyLabel} />}
        sx={{ width: 128 }}
      />
    </Stack>
  );
}
