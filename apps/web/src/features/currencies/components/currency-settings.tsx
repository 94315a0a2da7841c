import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Button, IconButton, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import type { Currency, CurrencyRate, Event } from '@quits/contract';
import { useUpdateEvent } from '@web/features/events';
import { formatLocale } from '@web/lib/locale';
import { currencyLabel } from '@web/lib/money';
import { notify } from '@web/lib/notices';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencyRateDialog, type RateDialogState } from './currency-rate-dialog';

/** How a rate reads: "1 USD = 0.92 EUR". */
export function rateText(rate: number, from: string, to: string): string {
  const number = new Intl.NumberFormat(formatLocale(), { maximumSignificantDigits: 8 }).format(
    rate,
  );
  return `1 ${from} = ${number} ${to}`;
}

/**
 * The event's currencies besides its own, each with the rate that converts it: add one (its
 * default rate comes from the global list), edit a rate, remove one. Each change replaces the
 * event's list of rates in one PUT, with the spec's success and error messages.
 */
export function CurrencySettings(props: {
  event: Event;
  currencies: readonly Currency[];
  whoAmI: string | null;
}) {
  const { event } = props;
  const { t } = useTranslation();
  const update = useUpdateEvent(event.id, props.whoAmI);
  const [dialog, setDialog] = useState<RateDialogState | null>(null);

  const save = (rates: CurrencyRate[], success: string, failure: string) =>
    update.mutate(
      { currency_rates: rates },
      {
        onSuccess: () => {
          setDialog(null);
          notify(success);
        },
        onError: () => notify(failure, 'error'),
      },
    );

  const onDialogSave = (currencyId: string, exchangeRate: number) => {
    if (dialog?.mode === 'add') {
      save(
        [...event.currency_rates, { currency_id: currencyId, exchange_rate: exchangeRate }],
        t('currencies.added'),
        t('currencies.addFailed'),
      );
    } else {
      save(
        event.currency_rates.map((rate) =>
          rate.currency_id === currencyId ? { ...rate, exchange_rate: exchangeRate } : rate,
        ),
        t('currencies.rateUpdated'),
        t('currencies.rateFailed'),
      );
    }
  };

  return (
    <Stack spacing={1}>
      <Typography color="text.secondary">
        {t('currencies.explain', { currency: event.currency_id })}
      </Typography>
      {event.currency_rates.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          {t('currencies.none')}
        </Typography>
      ) : (
        <List dense aria-label={t('currencies.list')}>
          {event.currency_rates.map((rate) => {
            const known = props.currencies.find((c) => c.id === rate.currency_id);
            return (
              <ListItem
                key={rate.currency_id}
                divider
                secondaryAction={
                  <Stack direction="row">
                    <IconButton
                      aria-label={t('currencies.editRate', { currency: rate.currency_id })}
                      onClick={() =>
                        setDialog({
                          mode: 'edit',
                          currencyId: rate.currency_id,
                          rate: rate.exchange_rate,
                        })
                      }
                    >
                      <EditOutlinedIcon />
                    </IconButton>
                    <IconButton
                      edge="end"
                      aria-label={t('currencies.remove', { currency: rate.currency_id })}
                      disabled={update.isPending}
                      onClick={() =>
                        save(
                          event.currency_rates.filter((r) => r.currency_id !== rate.currency_id),
                          t('currencies.removed'),
                          t('currencies.removeFailed'),
                        )
                      }
                    >
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Stack>
                }
              >
                <ListItemText
                  primary={known ? currencyLabel(known) : rate.currency_id}
                  secondary={rateText(rate.exchange_rate, rate.currency_id, event.currency_id)}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      <Button
        startIcon={<AddIcon />}
        onClick={() => setDialog({ mode: 'add', currencyId: null, rate: null })}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('currencies.add')}
      </Button>
      {dialog && (
        <CurrencyRateDialog
          state={dialog}
          event={event}
          currencies={props.currencies}
          busy={update.isPending}
          onCancel={() => setDialog(null)}
          onSave={onDialogSave}
        />
      )}
    </Stack>
  );
}
