import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { MAX_REPEAT_COUNT, REPEAT_FREQUENCIES } from '@quits/contract';
import { DateField } from '@web/components/date-field';
import { useTranslation } from 'react-i18next';
import type { RepeatDraft, RepeatProblem } from '../repeat-draft';

const ENDS: RepeatDraft['ends'][] = ['never', 'date', 'count'];

/**
 * "Repeat": never, or every day, week, month (same day or last day) or year, with when it ends.
 * Each occurrence is an ordinary expense, made on its date.
 */
export function RepeatField(props: {
  value: RepeatDraft;
  /** Shown when a field is wrong and the form was sent. */
  problem: RepeatProblem | null;
  onChange(value: RepeatDraft): void;
}) {
  const { t } = useTranslation();
  const { value } = props;
  const update = (change: Partial<RepeatDraft>) => props.onChange({ ...value, ...change });
  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1">
        {t('recurring.repeat')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('recurring.howOften')}
          value={value.frequency}
          onChange={(change) =>
            update({ frequency: change.target.value as RepeatDraft['frequency'] })
          }
          sx={{ flex: 1 }}
        >
          <MenuItem value="never">{t('recurring.doesNotRepeat')}</MenuItem>
          {REPEAT_FREQUENCIES.map((frequency) => (
            <MenuItem key={frequency} value={frequency}>
              {t(`recurring.frequency.${frequency}`)}
            </MenuItem>
          ))}
        </TextField>
        {value.frequency !== 'never' && (
          <TextField
            select
            label={t('recurring.ends')}
            value={value.ends}
            onChange={(change) => update({ ends: change.target.value as RepeatDraft['ends'] })}
            sx={{ flex: 1 }}
          >
            {ENDS.map((ends) => (
              <MenuItem key={ends} value={ends}>
                {t(`recurring.endsOption.${ends}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {value.frequency !== 'never' && value.ends === 'date' && (
        <DateField
          label={t('recurring.until')}
          value={value.until}
          onChange={(until) => update({ until })}
          error={props.problem === 'until'}
          helperText={props.problem === 'until' ? t('recurring.problem.until') : undefined}
        />
      )}
      {value.frequency !== 'never' && value.ends === 'count' && (
        <TextField
          label={t('recurring.count')}
          value={value.countText}
          onChange={(change) => update({ countText: change.target.value })}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          error={props.problem === 'count'}
          helperText={
            props.problem === 'count'
              ? t('recurring.problem.count', { max: MAX_REPEAT_COUNT })
              : undefined
          }
        />
      )}
      {value.frequency !== 'never' && (
        <Typography variant="body2" color="text.secondary">
          {t('recurring.explain')}
        </Typography>
      )}
    </Stack>
  );
}
