import { Alert, Box, Button, List, Skeleton, Stack, Typography } from '@mui/material';
import type { Activity, Event } from '@quits/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { currenciesQuery } from '@web/features/currencies';
import { EventLoadState, useEvent, useWhoAmI } from '@web/features/events';
import { errorText } from '@web/lib/error-text';
import { formatDate, formatLocale } from '@web/lib/locale';
import { currencyDecimals, formatMoney } from '@web/lib/money';
import { notify } from '@web/lib/notices';
import { usePageTitle } from '@web/lib/page-title';
import { useOnline } from '@web/offline/online-status';
import { queuedText } from '@web/offline/queued-text';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { historyQuery } from '../api/get-history';
import { useRestoreEntry } from '../api/restore-entry';
import { type ChangeWords, changesOf } from '../entry-changes';
import { groupByDay, localDay, namesOf, restorableRows } from '../history-days';
import { HistoryEntry } from './history-entry';

/** The history of an event: /event/{eventId}/history. */
export function HistoryPage() {
  const { t } = useTranslation();
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  usePageTitle(t('history.title'));
  if (!event.data) return <EventLoadState error={event.error} heights={[64, 240]} />;
  return <History event={event.data} />;
}

/** "Today", "Yesterday", or the day written out in the reader's language. */
function dayLabel(day: string, t: (key: string) => string): string {
  const today = new Date();
  if (day === localDay(today)) return t('history.today');
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  if (day === localDay(yesterday)) return t('history.yesterday');
  const written = new Date(`${day}T12:00:00`).toLocaleDateString(formatLocale(), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  // "lundi 20 novembre" heads a group: its first letter only is capitalised, as in a sentence.
  return written.charAt(0).toLocaleUpperCase() + written.slice(1);
}

/**
 * Every change to the event, newest first, a page of 50 at a time, by day: who made it and on
 * which device, what changed from what to what, and "Restore" on what was deleted.
 */
function History({ event }: { event: Event }) {
  const { t } = useTranslation();
  const online = useOnline();
  const history = useInfiniteQuery(historyQuery(event.id));
  const currencies = useQuery(currenciesQuery()).data ?? [];
  const me = useWhoAmI(event.id);
  const restore = useRestoreEntry(event.id, me);
  const [restoring, setRestoring] = useState<number | null>(null);
  const rows = useMemo(
    () => history.data?.pages.flatMap((page) => page.data) ?? [],
    [history.data],
  );
  // How the history names this device: a pseudonym of its own in this event, told by the server.
  const thisDevice = history.data?.pages[0]?.device_id ?? null;
  const names = useMemo(() => namesOf(rows, event), [rows, event]);
  const restorable = useMemo(() => restorableRows(rows, event), [rows, event]);

  if (!history.data) {
    if (history.isError || !online) {
      return (
        <Alert severity={online ? 'error' : 'info'}>
          {online ? t('activity.unavailable') : t('activity.offline')}
        </Alert>
      );
    }
    return <Skeleton variant="rounded" height={240} aria-label={t('history.loading')} />;
  }

  const words: ChangeWords = {
    t,
    money: (minor, currencyId) =>
      formatMoney(minor, {
        id: currencyId,
        decimals: currencyDecimals(event, currencyId, currencies),
      }),
    date: formatDate,
    number: (value) => new Intl.NumberFormat(formatLocale()).format(value),
    name: (userId) => names.get(userId) ?? t('activity.someone'),
  };
  const amountOf = (row: Activity) => {
    if (row.entity !== 'expenditure' && row.entity !== 'payment') return null;
    const entry = (row.after ?? row.before) as { amount?: unknown; currency_id?: unknown } | null;
    if (typeof entry?.amount !== 'number' || typeof entry.currency_id !== 'string') return null;
    return words.money(entry.amount, entry.currency_id);
  };
  const time = (row: Activity) =>
    new Date(row.created_at).toLocaleTimeString(formatLocale(), { timeStyle: 'short' });
  const runRestore = (row: Activity) => {
    const target = restorable.get(row.id);
    if (!target) return;
    setRestoring(row.id);
    restore.mutate(target, {
      onSuccess: (outcome) =>
        notify(
          outcome.queued
            ? queuedText(t)
            : target.kind === 'expense'
              ? t('history.expenseRestored', { title: target.expense.title })
              : t('history.paymentRestored'),
          outcome.queued ? 'info' : 'success',
        ),
      onError: (error) => notify(errorText(error, t), 'error'),
      onSettled: () => setRestoring(null),
    });
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 760, mx: 'auto', width: '100%' }}>
      <Typography color="text.secondary">{t('history.intro')}</Typography>
      {rows.length === 0 && <Typography color="text.secondary">{t('activity.none')}</Typography>}
      {groupByDay(rows).map((day) => (
        <Box component="section" key={day.day} aria-labelledby={`day-${day.day}`}>
          <Typography
            id={`day-${day.day}`}
            variant="subtitle2"
            component="h2"
            color="text.secondary"
          >
            {dayLabel(day.day, t)}
          </Typography>
          <List aria-labelledby={`day-${day.day}`}>
            {day.rows.map((row) => (
              <HistoryEntry
                key={row.id}
                row={row}
                who={words.name(row.user_id ?? '')}
                time={time(row)}
                device={
                  thisDevice !== null && row.device_id === thisDevice
                    ? t('history.thisDevice')
                    : t('history.anotherDevice')
                }
                amount={amountOf(row)}
                changes={changesOf(row, words)}
                restore={
                  restorable.has(row.id)
                    ? { busy: restoring === row.id, run: () => runRestore(row) }
                    : null
                }
              />
            ))}
          </List>
        </Box>
      ))}
      {history.hasNextPage && (
        <Button
          variant="outlined"
          onClick={() => void history.fetchNextPage()}
          disabled={history.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          {t('history.older')}
        </Button>
      )}
      {history.isFetchNextPageError && <Alert severity="error">{t('activity.unavailable')}</Alert>}
    </Stack>
  );
}
