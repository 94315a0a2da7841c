import { Chip, Stack } from '@mui/material';
import type { Event } from '@quits/contract';
import { categoryName } from '@web/features/categories';
import { formatDate } from '@web/lib/locale';
import { currencyDecimals, formatMoney } from '@web/lib/money';
import { useTranslation } from 'react-i18next';
import type { ExpenseFilters } from '../expense-filters';

/**
 * What narrows the list, one chip each, always in sight (a shared link says what it filters);
 * removing a chip removes that filter.
 */
export function ActiveFilterChips(props: {
  event: Event;
  value: ExpenseFilters;
  onChange(filters: ExpenseFilters): void;
}) {
  const { t } = useTranslation();
  const { event, value } = props;
  const set = (change: Partial<ExpenseFilters>) => props.onChange({ ...value, ...change });
  const money = (minor: number) =>
    formatMoney(minor, {
      id: event.currency_id,
      decimals: currencyDecimals(event, event.currency_id),
    });
  const person = event.users.find((user) => user.id === value.personId);
  const chips: { key: string; label: string; remove(): void }[] = [];
  if (value.search !== '') {
    chips.push({
      key: 'search',
      label: t('expenses.chipSearch', { text: value.search }),
      remove: () => set({ search: '' }),
    });
  }
  if (value.personId !== '') {
    const name = person?.name ?? '?';
    const label =
      value.role === 'paid'
        ? t('expenses.chipPaid', { name })
        : value.role === 'shared'
          ? t('expenses.chipShared', { name })
          : name;
    chips.push({ key: 'person', label, remove: () => set({ personId: '', role: 'any' }) });
  }
  for (const category of value.categories) {
    chips.push({
      key: `category-${category}`,
      label: categoryName(t, category),
      remove: () => set({ categories: value.categories.filter((other) => other !== category) }),
    });
  }
  if (value.from !== '') {
    chips.push({
      key: 'from',
      label: t('expenses.chipFrom', { date: formatDate(value.from) }),
      remove: () => set({ from: '' }),
    });
  }
  if (value.to !== '') {
    chips.push({
      key: 'to',
      label: t('expenses.chipTo', { date: formatDate(value.to) }),
      remove: () => set({ to: '' }),
    });
  }
  if (value.min !== null) {
    chips.push({ key: 'min', label: `≥ ${money(value.min)}`, remove: () => set({ min: null }) });
  }
  if (value.max !== null) {
    chips.push({ key: 'max', label: `≤ ${money(value.max)}`, remove: () => set({ max: null }) });
  }
  if (value.currencyId !== '') {
    chips.push({ key: 'currency', label: value.currencyId, remove: () => set({ currencyId: '' }) });
  }
  if (chips.length === 0) return null;
  return (
    <Stack
      direction="row"
      useFlexGap
      flexWrap="wrap"
      spacing={1}
      component="ul"
      aria-label={t('expenses.activeFilters')}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {chips.map((chip) => (
        <li key={chip.key}>
          <Chip
            label={chip.label}
            // The whole chip removes its filter: a bigger target than the small cross.
            onClick={chip.remove}
            onDelete={chip.remove}
            slotProps={{
              root: { 'aria-label': t('expenses.removeFilter', { filter: chip.label }) },
            }}
            size="small"
          />
        </li>
      ))}
    </Stack>
  );
}
