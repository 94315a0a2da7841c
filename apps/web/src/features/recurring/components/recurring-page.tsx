import RepeatIcon from '@mui/icons-material/Repeat';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import type { Event, Recurrence } from '@quits/contract';
import { Amount } from '@web/components/amount';
import { EventLoadState, useEvent, useWhoAmI } from '@web/features/events';
import { formatDate } from '@web/lib/locale';
import { currencyDecimals, formatMoney } from '@web/lib/money';
import { notify } from '@web/lib/notices';
import { usePageTitle } from '@web/lib/page-title';
import { queuedText } from '@web/offline/queued-text';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useChangeRecurrence } from '../api/save-recurrence';

/** Going first (by next date), then paused, then ended. */
function order(series: readonly Recurrence[]): Recurrence[] {
  const rank = (s: Recurrence) => (s.next_date === null ? 2 : s.paused_at ? 1 : 0);
  return [...series].sort(
    (a, b) => rank(a) - rank(b) || (a.next_date ?? '').localeCompare(b.next_date ?? ''),
  );
}

/** /event/{id}/recurring: the event's recurring expenses with their next date, to pause or stop. */
export function RecurringPage() {
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  const { t } = useTranslation();
  usePageTitle(t('recurring.title'));
  if (!event.data) return <EventLoadState error={event.error} heights={[240]} />;
  return <RecurringList event={event.data} />;
}

function RecurringList(props: { event: Event }) {
  const { event } = props;
  const { t } = useTranslation();
  const me = useWhoAmI(event.id);
  const change = useChangeRecurrence(event.id, me);
  const [stopping, setStopping] = useState<Recurrence | null>(null);
  const series = order(event.recurrences ?? []);
  const closed = Boolean(event.closed_at);
  const act = (id: string, action: 'pause' | 'resume' | 'stop', done: string) =>
    change.mutate(
      { id, change: { action } },
      { onSuccess: (outcome) => notify(outcome.queued ? queuedText(t) : done, 'success') },
    );

  return (
    <Stack spacing={2} sx={{ maxWidth: 760, mx: 'auto', width: '100%' }}>
      <Typography color="text.secondary">{t('recurring.intro')}</Typography>
      {series.length === 0 ? (
        <Alert severity="info">{t('recurring.none')}</Alert>
      ) : (
        <List aria-label={t('recurring.title')} disablePadding>
          {series.map((item) => {
            const money = formatMoney(item.expense.amount, {
              id: item.expense.currency_id,
              decimals: currencyDecimals(event, item.expense.currency_id),
            });
            const ended = item.next_date === null;
            // When a series that goes on will end: on a date, or after so many times.
            const ends = ended
              ? null
              : item.repeat.until
                ? t('recurring.endsOn', { date: formatDate(item.repeat.until) })
                : item.repeat.count
                  ? t('recurring.times', { count: item.repeat.count })
                  : null;
            const state = ended
              ? t('recurring.ended')
              : item.paused_at
                ? t('recurring.paused')
                : t('recurring.next', { date: formatDate(item.next_date ?? '') });
            return (
              <ListItem
                key={item.id}
                divider
                alignItems="flex-start"
                sx={{ flexWrap: 'wrap', px: { xs: 0, sm: 2 }, gap: 1 }}
              >
                <ListItemIcon sx={{ minWidth: 40, mt: 1 }}>
                  <RepeatIcon color={ended ? 'disabled' : 'primary'} />
                </ListItemIcon>
                <ListItemText
                  sx={{ flex: '1 1 200px' }}
                  primary={item.expense.title}
                  secondary={[t(`recurring.frequency.${item.repeat.frequency}`), state, ends]
                    .filter(Boolean)
                    .join(' · ')}
                />
                <Stack alignItems="flex-end" spacing={1} sx={{ ml: 'auto' }}>
                  <Typography>
                    <Amount>{item.expense.kind === 'income' ? `+${money}` : money}</Amount>
                  </Typography>
                  {item.paused_at && !ended && (
                    <Chip size="small" label={t('recurring.paused')} color="warning" />
                  )}
                </Stack>
                {!ended && !closed && (
                  <Stack direction="row" spacing={1} sx={{ width: '100%', pl: 5 }}>
                    <Button
                      size="small"
                      component={RouterLink}
                      to={`/event/expense/${event.id}/new`}
                      state={{ series: item.id }}
                    >
                      {t('recurring.edit')}
                    </Button>
                    {item.paused_at ? (
                      <Button
                        size="small"
                        disabled={change.isPending}
                        onClick={() => act(item.id, 'resume', t('recurring.resumed'))}
                      >
                        {t('recurring.resume')}
                      </Button>
                    ) : (
                      <Button
                        size="small"
                        disabled={change.isPending}
                        onClick={() => act(item.id, 'pause', t('recurring.pausedDone'))}
                      >
                        {t('recurring.pause')}
                      </Button>
                    )}
                    <Button
                      size="small"
                      color="error"
                      disabled={change.isPending}
                      onClick={() => setStopping(item)}
                    >
                      {t('recurring.stop')}
                    </Button>
                  </Stack>
                )}
              </ListItem>
            );
          })}
        </List>
      )}
      <Dialog open={stopping !== null} onClose={() => setStopping(null)}>
        <DialogTitle>
          {t('recurring.stopTitle', { title: stopping?.expense.title ?? '' })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>{t('recurring.stopText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setStopping(null)}>{t('common.cancel')}</Button>
          <Button
            color="error"
            onClick={() => {
              if (stopping) act(stopping.id, 'stop', t('recurring.stoppedDone'));
              setStopping(null);
            }}
          >
            {t('recurring.stop')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
