import { Box, Button, Checkbox, ListItemText, MenuItem, Stack, TextField } from '@mui/material';
import { CATEGORIES, type Category, type Event } from '@quits/contract';
import { parseAmount } from '@quits/domain';
import { DateField } from '@web/components/date-field';
import { categoryName } from '@web/features/categories';
import { formatLocale } from '@web/lib/locale';
import { currencyDecimals, minorToInput } from '@web/lib/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ExpenseFilters, NO_FILTERS, type PersonRole } from '../expense-filters';

/** An amount bound as typed, and what it means once it is a number (null while empty). */
function AmountBound(props: {
  label: string;
  minor: number | null;
  decimals: number;
  onChange(minor: number | null): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() =>
    props.minor === null ? '' : minorToInput(props.minor, props.decimals),
  );
  const parsed = text.trim() === '' ? null : parseAmount(text, props.decimals, formatLocale());
  const wrong = text.trim() !== '' && (parsed === null || parsed < 0);
  // Changed from outside (cleared, a chip removed, the address edited): show the new bound.
  if (!wrong && parsed !== props.minor) {
    setText(props.minor === null ? '' : minorToInput(props.minor, props.decimals));
  }
  return (
    <TextField
      label={props.label}
      value={text}
      onChange={(change) => {
        const next = change.target.value;
        setText(next);
        const value = next.trim() === '' ? null : parseAmount(next, props.decimals, formatLocale());
        // A bound that is not yet a number keeps the list as it was: nothing typed is lost.
        if (next.trim() === '' || (value !== null && value >= 0)) props.onChange(value);
      }}
      error={wrong}
      helperText={wrong ? t('validation.number') : undefined}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      sx={{ flex: 1, minWidth: 0 }}
    />
  );
}

/**
 * Everything the list can be narrowed by beyond the search and the person: what the person did
 * (paid or shared), categories, dates, an amount range in the event's currency and a currency.
 */
export function ExpenseFiltersPanel(props: {
  event: Event;
  value: ExpenseFilters;
  onChange(filters: ExpenseFilters): void;
}) {
  const { t } = useTranslation();
  const { event, value } = props;
  const set = (change: Partial<ExpenseFilters>) => props.onChange({ ...value, ...change });
  const decimals = currencyDecimals(event, event.currency_id);
  const currencies = [...new Set(event.expenditures.map((expense) => expense.currency_id))].sort();
  const backwards = Boolean(value.from && value.to && value.to < value.from);
  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('expenses.role')}
          value={value.role}
          disabled={value.personId === ''}
          onChange={(change) => set({ role: change.target.value as PersonRole })}
          sx={{ flex: 1, minWidth: 0 }}
        >
          <MenuItem value="any">{t('expenses.roleAny')}</MenuItem>
          <MenuItem value="paid">{t('expenses.rolePaid')}</MenuItem>
          <MenuItem value="shared">{t('expenses.roleShared')}</MenuItem>
        </TextField>
        <TextField
          select
          label={t('expenses.categories')}
          value={value.categories}
          onChange={(change) => {
            const chosen = change.target.value as unknown as Category[] | string;
            set({ categories: typeof chosen === 'string' ? [] : chosen });
          }}
          slotProps={{
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (chosen) => {
                const list = chosen as Category[];
                return list.length === 0
                  ? t('expenses.anyCategory')
                  : list.map((category) => categoryName(t, category)).join(', ');
              },
            },
            inputLabel: { shrink: true },
          }}
          sx={{ flex: 1, minWidth: 0 }}
        >
          {CATEGORIES.map((category) => (
            <MenuItem key={category} value={category}>
              <Checkbox checked={value.categories.includes(category)} sx={{ p: 0, mr: 1 }} />
              <ListItemText primary={categoryName(t, category)} />
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" spacing={2}>
        <DateField
          label={t('expenses.from')}
          value={value.from}
          onChange={(from) => set({ from })}
          sx={{ flex: 1, minWidth: 0 }}
        />
        <DateField
          label={t('expenses.to')}
          value={value.to}
          onChange={(to) => set({ to })}
          error={backwards}
          helperText={backwards ? t('statistics.backwards') : undefined}
          sx={{ flex: 1, minWidth: 0 }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Stack direction="row" spacing={2} sx={{ flex: 2, minWidth: 0 }}>
          <AmountBound
            label={t('expenses.min', { currency: event.currency_id })}
            minor={value.min}
            decimals={decimals}
            onChange={(min) => set({ min })}
          />
          <AmountBound
            label={t('expenses.max', { currency: event.currency_id })}
            minor={value.max}
            decimals={decimals}
            onChange={(max) => set({ max })}
          />
        </Stack>
        <TextField
          select
          label={t('expenses.currency')}
          value={value.currencyId}
          onChange={(change) => set({ currencyId: change.target.value })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ flex: 1, minWidth: 0 }}
        >
          <MenuItem value="">{t('expenses.anyCurrency')}</MenuItem>
          {currencies.map((currencyId) => (
            <MenuItem key={currencyId} value={currencyId}>
              {currencyId}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Box>
        <Button
          size="small"
          onClick={() => props.onChange({ ...NO_FILTERS, search: value.search })}
        >
          {t('expenses.clear')}
        </Button>
      </Box>
    </Stack>
  );
}
