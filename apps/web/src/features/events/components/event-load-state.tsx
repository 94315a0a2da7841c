import { Stack } from '@mui/material';
import { LazyAlert } from '@web/components/lazy-alert';
import { LazySkeleton } from '@web/components/lazy-skeleton';
import { ApiError, isEventGone } from '@web/lib/http';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

/** Loaded when a deleted event is opened: rare, so its screen stays out of the first load. */
const DeletedEvent = lazy(async () => ({
  default: (await import('./deleted-event')).DeletedEvent,
}));

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
  if (isEventGone(error)) {
    return (
      <Suspense fallback={null}>
        <DeletedEvent deleted={error.deletedEvent} />
      </Suspense>
    );
  }
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
