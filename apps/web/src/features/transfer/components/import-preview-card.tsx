import {
  Alert,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { ImportPreview } from '@quits/contract';
import { LIMITS } from '@quits/contract';
import { Amount } from '@web/components/amount';
import { balanceColor } from '@web/features/balances';
import { formatMoney } from '@web/lib/money';
import { wordServerMessage } from '@web/lib/server-words';
import { useTranslation } from 'react-i18next';
import { FORMAT_NAMES } from '../import-formats';
import { StatedBalances } from './stated-balances';

/**
 * What an import would create, before anything is: the file's format as the server read it, the
 * event's name (editable for another app's file), its currency, how many expenses and payments,
 * the total spent, where each person stands (and beside it what the file itself states), and
 * what the file had that was left out.
 */
export function ImportPreviewCard(props: {
  preview: ImportPreview;
  /** The name to give another app's import; null for our own export (it carries its name). */
  name: string | null;
  onNameChange(name: string): void;
  onCurrencyChange(currencyId: string): void;
  /** Decimals of a currency, for the amounts. */
  decimalsOf(currencyId: string): number;
}) {
  const { t } = useTranslation();
  const { preview } = props;
  const currency = { id: preview.currency_id, decimals: props.decimalsOf(preview.currency_id) };
  const currencies = [
    preview.currency_id,
    ...preview.currency_rates.map((rate) => rate.currency_id),
    ...preview.missing_rates,
  ];
  return (
    <Card variant="outlined" component="section" aria-labelledby="import-preview-title">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="import-preview-title" variant="h6" component="h2">
            {t('transfer.previewTitle')}
          </Typography>
          {preview.format && (
            <Typography color="text.secondary">
              {t('transfer.detected', { format: FORMAT_NAMES[preview.format] })}
            </Typography>
          )}
          {props.name === null ? (
            <Typography variant="subtitle1" component="p" fontWeight={600}>
              {preview.name}
            </Typography>
          ) : (
            <TextField
              label={t('newEvent.name')}
              value={props.name}
              required
              onChange={(change) => props.onNameChange(change.target.value)}
              slotProps={{ htmlInput: { maxLength: LIMITS.eventName } }}
              error={props.name.trim() === ''}
              helperText={props.name.trim() === '' ? t('validation.required') : ' '}
            />
          )}
          {props.name !== null && currencies.length > 1 ? (
            <TextField
              select
              label={t('newEvent.currency')}
              value={preview.currency_id}
              onChange={(change) => props.onCurrencyChange(change.target.value)}
              helperText={t('settings.currencyHint')}
            >
              {currencies.map((id) => (
                <MenuItem key={id} value={id}>
                  {id}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Typography color="text.secondary">
              {t('transfer.currency', { currency: preview.currency_id })}
            </Typography>
          )}
          <Typography>
            {t('transfer.expenses', { count: preview.expenditure_count })} ·{' '}
            {t('transfer.payments', { count: preview.payment_count })} ·{' '}
            {t('transfer.total', { amount: formatMoney(preview.total, currency) })}
          </Typography>
          <List dense aria-label={t('event.balances')} disablePadding>
            {preview.people.map((person) => (
              <ListItem key={person.name} divider disableGutters>
                <ListItemText
                  primary={person.name}
                  secondary={t('transfer.paidShare', {
                    paid: formatMoney(person.paid, currency),
                    share: formatMoney(person.share, currency),
                  })}
                />
                <Typography fontWeight={600} color={balanceColor(person.balance)}>
                  <Amount>{formatMoney(person.balance, currency)}</Amount>
                </Typography>
              </ListItem>
            ))}
          </List>
          <StatedBalances stated={preview.stated_balances} decimalsOf={props.decimalsOf} />
          {preview.missing_rates.length > 0 && (
            <Alert severity="warning">
              {t('event.missingRates', { currencies: preview.missing_rates.join(', ') })}
            </Alert>
          )}
          {preview.warnings.length > 0 && (
            <Alert severity="info">
              <Typography variant="body2" gutterBottom>
                {t('transfer.leftOut')}
              </Typography>
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {preview.warnings.map((warning) => {
                  const message = wordServerMessage(warning.code, warning.params, warning.message);
                  return (
                    <li key={`${warning.line}-${warning.message}`}>
                      {warning.line === null
                        ? message
                        : t('transfer.onLine', { line: warning.line, message })}
                    </li>
                  );
                })}
              </ul>
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
