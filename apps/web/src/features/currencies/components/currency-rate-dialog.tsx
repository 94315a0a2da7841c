import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { type Currency, type Event, LIMITS } from '@quits/contract';
import { defaultExchangeRate, parseExchangeRate } from '@quits/domain';
import { formatLocale } from '@web/lib/locale';
import { currencyLabel } from '@web/lib/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Adding a currency (none chosen yet) or editing the rate of one the event has. */
export type RateDialogState =
  | { mode: 'add'; currencyId: null; rate: null }
  | { mode: 'edit'; currencyId: string; rate: number };

/** A rate as the person would type it, in their locale, without grouping. */
function rateInput(rate: number | null): string {
  if (rate === null) return '';
  return new Intl.NumberFormat(formatLocale(), {
    maximumSignificantDigits: 8,
    useGrouping: false,
  }).format(rate);
}

/** Choose a currency and its exchange rate; "default rate" fills in the global list's rate. */
export function CurrencyRateDialog(props: {
  state: RateDialogState;
  event: Event;
  currencies: readonly Currency[];
  busy: boolean;
  onCancel(): void;
  onSave(currencyId: string, exchangeRate: number): void;
}) {
  const { event, currencies } = props;
  const { t } = useTranslation();
  const [currencyId, setCurrencyId] = useState<string | null>(props.state.currencyId);
  const [rateText, setRateText] = useState(rateInput(props.state.rate));
  const [submitted, setSubmitted] = useState(false);

  const taken = new Set([event.currency_id, ...event.currency_rates.map((r) => r.currency_id)]);
  const options = currencies.filter((currency) => !taken.has(currency.id));
  const byId = (id: string | null) => currencies.find((currency) => currency.id === id);
  const fallback = defaultExchangeRate(byId(currencyId), byId(event.currency_id));
  const rate = parseExchangeRate(rateText, formatLocale());
  const rateProblem =
    rateText.trim() === ''
      ? t('validation.required')
      : rate === null || rate > LIMITS.maxExchangeRate
        ? t('validation.number')
        : null;
  const currencyProblem = currencyId === null ? t('validation.required') : null;

  const choose = (id: string | null) => {
    setCurrencyId(id);
    // A new currency starts from its default rate, which the person can then correct.
    const suggested = defaultExchangeRate(byId(id), byId(event.currency_id));
    if (suggested !== null) setRateText(rateInput(suggested));
  };
  const submit = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    setSubmitted(true);
    if (currencyId !== null && rate !== null && !rateProblem) props.onSave(currencyId, rate);
  };

  return (
    <Dialog
      open
      onClose={props.onCancel}
      fullWidth
      maxWidth="xs"
      aria-labelledby="rate-dialog-title"
      slotProps={{ paper: { component: 'form', onSubmit: submit } }}
    >
      <DialogTitle id="rate-dialog-title">
        {props.state.mode === 'add'
          ? t('currencies.add')
          : t('currencies.editRate', { currency: props.state.currencyId })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {props.state.mode === 'add' && (
            <Autocomplete
              options={options}
              value={byId(currencyId) ?? null}
              onChange={(_event, currency) => choose(currency?.id ?? null)}
              getOptionLabel={currencyLabel}
              renderInput={(params) => (
                <TextField
                  {...params}
                  autoFocus
                  label={t('currencies.select')}
                  error={submitted && Boolean(currencyProblem)}
                  helperText={submitted ? currencyProblem : null}
                />
              )}
            />
          )}
          <TextField
            label={t('currencies.rate', {
              from: currencyId ?? '…',
              to: event.currency_id,
            })}
            value={rateText}
            onChange={(change) => setRateText(change.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            error={submitted && Boolean(rateProblem)}
            helperText={(submitted && rateProblem) || ' '}
          />
          <Button
            onClick={() => setRateText(rateInput(fallback))}
            disabled={fallback === null}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('currencies.defaultRate')}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={props.busy}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
