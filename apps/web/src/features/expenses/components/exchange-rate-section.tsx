import { Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { ExpenseRate } from '@quits/contract';
import { formatDate } from '@web/lib/locale';
import { useTranslation } from 'react-i18next';
import type { ExpenseDraft, RateMode } from '../expense-draft';

/** A rate as a quoted rate reads: up to 8 significant digits in the reader's language. */
function rateText(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumSignificantDigits: 8 }).format(value);
}

/**
 * How an expense in another currency is converted into the event's: the rate used and where it
 * comes from (the ECB's of its date, the event's own, typed here, or the amount really charged),
 * with the choice of typing a rate or the amount charged, fees included.
 */
export function ExchangeRateSection(props: {
  draft: ExpenseDraft;
  eventCurrencyId: string;
  /** The rate the draft converts at now (null: decided by the server when it saves). */
  rate: ExpenseRate | null;
  loading: boolean;
  problem: string | null;
  onChange(change: Partial<ExpenseDraft>): void;
}) {
  const { t, i18n } = useTranslation();
  const { draft, rate } = props;
  const mode: RateMode = draft.rateMode ?? 'dated';
  const pair = { from: draft.currencyId, to: props.eventCurrencyId };
  const used = rate
    ? t('expense.rate.used', { ...pair, rate: rateText(rate.value, i18n.language) })
    : null;
  const origin = !rate
    ? t(props.loading ? 'expense.rate.loading' : 'expense.rate.decidedOnSave')
    : rate.source === 'event'
      ? t('expense.rate.fromEvent')
      : rate.source === 'manual'
        ? t('expense.rate.typed')
        : rate.source === 'charged'
          ? t('expense.rate.fromCharged')
          : t('expense.rate.fromEcb', { date: rate.date ? formatDate(rate.date) : '' });
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="exchange-rate-heading">
      <Typography id="exchange-rate-heading" variant="subtitle1" component="h2">
        {t('expense.rate.heading')}
      </Typography>
      <Typography data-testid="rate-used">
        {used && <strong>{used}</strong>}
        {used && ' · '}
        {origin}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={mode}
        onChange={(_event, next: RateMode | null) => next && props.onChange({ rateMode: next })}
        aria-label={t('expense.rate.heading')}
        fullWidth
      >
        <ToggleButton value="dated">{t('expense.rate.modeDated')}</ToggleButton>
        <ToggleButton value="manual">{t('expense.rate.modeManual')}</ToggleButton>
        <ToggleButton value="charged">{t('expense.rate.modeCharged')}</ToggleButton>
      </ToggleButtonGroup>
      {mode === 'manual' && (
        <TextField
          label={t('expense.rate.manualLabel', pair)}
          value={draft.rateText ?? ''}
          onChange={(change) => props.onChange({ rateText: change.target.value })}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          error={Boolean(props.problem)}
          helperText={props.problem ?? ' '}
        />
      )}
      {mode === 'charged' && (
        <TextField
          label={t('expense.rate.chargedLabel', pair)}
          value={draft.chargedText ?? ''}
          onChange={(change) => props.onChange({ chargedText: change.target.value })}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          error={Boolean(props.problem)}
          helperText={props.problem ?? t('expense.rate.chargedHelp')}
        />
      )}
    </Stack>
  );
}
