import { Alert } from '@mui/material';
import { formatDateTime } from '@web/lib/locale';
import { useOnline } from '@web/offline/online-status';
import { useSyncedAt } from '@web/offline/sync-times';
import { useTranslation } from 'react-i18next';

/** "Offline — showing what this device knows", with when the event last came from the server. */
export function OfflineNotice({ eventId }: { eventId: string | null }) {
  const { t } = useTranslation();
  const online = useOnline();
  const syncedAt = useSyncedAt(eventId ?? '');
  if (online) return null;
  return (
    <Alert severity="info" role="status" sx={{ mb: 2 }}>
      {t('sync.offlineNotice')}
      {syncedAt && ` ${t('sync.lastSync', { time: formatDateTime(syncedAt) })}`}
    </Alert>
  );
}
