import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Button, IconButton, Stack, Typography } from '@mui/material';
import type { DatePeriod, User } from '@quits/contract';
import { DateField } from '@web/components/date-field';
import { formatDate } from '@web/lib/locale';
import { notify } from '@web/lib/notices';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetPresence } from '../api/set-presence';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * When a person was part of the event: periods from–to, none meaning always. New expenses tick
 * by default only the people there on their date, and rent can be split by the days each was
 * there. Loaded lazily with the person's page.
 */
export function PresenceSection(props: { eventId: string; person: User; whoAmI: string | null }) {
  const { t } = useTranslation();
  const saved = props.person.presence ?? [];
  const [periods, setPeriods] = useState<DatePeriod[]>(saved);
  const setPresence = useSetPresence(props.eventId, props.whoAmI);
  const problemOf = (period: DatePeriod) =>
    period.from === '' || period.to === ''
      ? t('validation.required')
      : period.to < period.from
        ? t('presence.backwards')
        : null;
  const valid = periods.every((period) => problemOf(period) === null);
  const same = (a: DatePeriod[], b: DatePeriod[]) =>
    a.length === b.length && a.every((p, i) => p.from === b[i]?.from && p.to === b[i]?.to);
  const changed = !same(periods, saved);
  const update = (index: number, change: Partial<DatePeriod>) =>
    setPeriods(periods.map((period, i) => (i === index ? { ...period, ...change } : period)));

  return (
    <section aria-labelledby="presence-title">
      <Typography id="presence-title" variant="h6" component="h2">
        {t('presence.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {periods.length === 0 ? `${t('presence.always')}. ` : ''}
        {t('presence.hint')}
      </Typography>
      <Stack spacing={1.5}>
        {periods.map((period, index) => {
          const problem = problemOf(period);
          return (
            <Stack
              // Periods have no id; the position is what the person edits.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              direction="row"
              spacing={1}
              alignItems="flex-start"
              data-testid="presence-period"
            >
              {/* The dates side by side where they fit, one above the other on a phone. */}
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ flex: 1, minWidth: 0 }}
              >
                <DateField
                  label={t('presence.from')}
                  value={period.from}
                  onChange={(from) => update(index, { from })}
                  error={period.from === ''}
                  sx={{ flex: 1, minWidth: 0 }}
                />
                <DateField
                  label={t('presence.to')}
                  value={period.to}
                  onChange={(to) => update(index, { to })}
                  error={Boolean(problem) && period.from !== ''}
                  helperText={problem && period.from !== '' ? problem : undefined}
                  sx={{ flex: 1, minWidth: 0 }}
                />
              </Stack>
              <IconButton
                aria-label={t('presence.remove', {
                  from: period.from ? formatDate(period.from) : '…',
                  to: period.to ? formatDate(period.to) : '…',
                })}
                onClick={() => setPeriods(periods.filter((_, i) => i !== index))}
                sx={{ mt: 1 }}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          );
        })}
        <Stack direction="row" spacing={1} justifyContent="space-between">
          <Button
            onClick={() => setPeriods([...periods, { from: today(), to: today() }])}
            disabled={periods.length >= 20}
          >
            {t('presence.add')}
          </Button>
          <Button
            variant="contained"
            disabled={!changed || !valid || setPresence.isPending}
            onClick={() => {
              // In the order the server keeps them, so that the saved list reads as unchanged.
              const sorted = [...periods].sort(
                (a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to),
              );
              setPeriods(sorted);
              setPresence.mutate(
                { personId: props.person.id, presence: sorted },
                { onSuccess: () => notify(t('presence.saved', { name: props.person.name })) },
              );
            }}
          >
            {t('presence.save')}
          </Button>
        </Stack>
      </Stack>
    </section>
  );
}
