import { Stack, Typography } from '@mui/material';
import { DateField } from '@web/components/date-field';
import { useTranslation } from 'react-i18next';
import type { ExpenseDraft } from '../expense-draft';

/** The stretch a split by days present covers (rent for March: 1 to 31 March), both ends counted. */
export function DaysPeriodField(props: {
  period: ExpenseDraft['period'];
  onChange(period: ExpenseDraft['period']): void;
}) {
  const { t } = useTranslation();
  const { from, to } = props.period;
  const backwards = from !== '' && to !== '' && to < from;
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {t('presence.period')}
      </Typography>
      {/* Side by side where they fit; one above the other on a phone, as the dates need room. */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <DateField
          label={t('presence.from')}
          value={from}
          onChange={(value) => props.onChange({ from: value, to })}
          error={from === ''}
          sx={{ flex: 1, minWidth: 0, width: '100%' }}
        />
        <DateField
          label={t('presence.to')}
          value={to}
          onChange={(value) => props.onChange({ from, to: value })}
          error={to === '' || backwards}
          helperText={backwards ? t('presence.backwards') : undefined}
          sx={{ flex: 1, minWidth: 0, width: '100%' }}
        />
      </Stack>
    </Stack>
  );
}
