import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LazyAlert } from '../../../components/lazy-alert';
import { LazySkeleton } from '../../../components/lazy-skeleton';
import { ApiError, isEventGone } from '../../../lib/http';
import { DeletedEvent } from './deleted-event';

/**
 * What an event's screen shows before it has the event: the reason it cannot (deleted, with
 * its restore; gone; or no network and nothing on the device), or skeletons while it loads.
 */
export function EventLoadState({
  error,
  heights = [96, 200],
}: {
  error: Error | null;
  heights?: number[];
}) {
  const { t } = useTranslation();
  if (isEventGone(error)) return <DeletedEvent deleted={error.deletedEvent} />;
  if (error) {
    const gone = error instanceof ApiError && error.status === 404;
    return (
      <LazyAlert severity="error">{gone ? t('event.notFound') : t('errors.network')}</LazyAlert>
    );
  }
  return (
    <Stack spacing={2} aria-busy="true" aria-label={t('event.loading')}>
      {heights.map((height, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of placeholders
        <LazySkeleton key={index} variant="rounded" height={height} />
      ))}
    </Stack>
  );
}
