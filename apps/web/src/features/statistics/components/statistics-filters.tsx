import { Button, Chip, MenuItem, Stack, TextField } from '@mui/material';
import type { User } from '@quits/contract';
import { DateField } from '@web/components/date-field';
import { useTranslation } from 'react-i18next';
import { NO_FILTER, type StatisticsFilterState } from '../use-event-statistics';

/**
 * The date range and whose spending to tell: the whole group or one person's share, with a
 * one-tap "my share" for the person this device is.
 */
export function StatisticsFilters(props: {
  value: StatisticsFilterState;
  people: readonly User[];
  me: string | null;
  onChange(filter: StatisticsFilterState): void;
}) {
  const { t } = useTranslation();
  const { value } = props;
  const set = (change: Partial<StatisticsFilterState>) => props.onChange({ ...value, ...change });
  const backwards = Boolean(value.from && value.to && value.to < value.from);
  const mine = props.me !== null && value.personId === props.me;
  const filtered = value.from !== '' || value.to !== '' || value.personId !== '';
  return (
    <Stack
      component="form"
      role="search"
      aria-label={t('statistics.filters')}
      spacing={2}
      onSubmit={(submit) => submit.preventDefault()}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Stack direction="row" spacing={2} sx={{ flex: 1 }}>
          <DateField
            label={t('statistics.from')}
            value={value.from}
            onChange={(from) => set({ from })}
            sx={{ flex: 1, minWidth: 0 }}
          />
          <DateField
            label={t('statistics.to')}
            value={value.to}
            onChange={(to) => set({ to })}
            error={backwards}
            helperText={backwards ? t('statistics.backwards') : undefined}
            sx={{ flex: 1, minWidth: 0 }}
          />
        </Stack>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ flex: 1, minWidth: 0 }}>
          <TextField
            select
            label={t('statistics.whose')}
            value={value.personId}
            onChange={(change) => set({ personId: change.target.value })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ flex: 1, minWidth: 0 }}
          >
            <MenuItem value="">{t('statistics.group')}</MenuItem>
            {props.people.map((person) => (
              <MenuItem key={person.id} value={person.id}>
                {person.id === props.me ? t('people.me', { name: person.name }) : person.name}
              </MenuItem>
            ))}
          </TextField>
          {props.me !== null && (
            <Chip
              label={t('statistics.myShare')}
              color={mine ? 'primary' : 'default'}
              variant={mine ? 'filled' : 'outlined'}
              aria-pressed={mine}
              onClick={() => set({ personId: mine ? '' : (props.me ?? '') })}
            />
          )}
        </Stack>
      </Stack>
      {filtered && (
        <Button
          size="small"
          onClick={() => props.onChange(NO_FILTER)}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('statistics.showAll')}
        </Button>
      )}
    </Stack>
  );
}
