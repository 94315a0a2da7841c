import CloudOffIcon from '@mui/icons-material/CloudOff';
import CloudSyncIcon from '@mui/icons-material/CloudSync';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { Badge, IconButton } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueue } from '../command-queue';
import { useOnline } from '../online-status';

const SyncDialog = lazy(() =>
  import('./sync-dialog').then((module) => ({ default: module.SyncDialog })),
);

/**
 * The title bar's sync button, with a badge that counts the waiting changes; it opens the list
 * of them with "sync now". The shell shows it only while offline or while changes wait.
 */
export function SyncStatus() {
  const { t } = useTranslation();
  const online = useOnline();
  const queue = useQueue();
  const [open, setOpen] = useState(false);
  const refused = queue.some((command) => command.rejected);
  const label = online
    ? t('sync.waiting', { count: queue.length })
    : t('sync.offlineWaiting', { count: queue.length });
  return (
    <>
      <IconButton color="inherit" aria-label={label} title={label} onClick={() => setOpen(true)}>
        <Badge badgeContent={queue.length} color={refused ? 'error' : 'secondary'}>
          {refused ? <ErrorOutlineIcon /> : online ? <CloudSyncIcon /> : <CloudOffIcon />}
        </Badge>
      </IconButton>
      {open && (
        <Suspense fallback={null}>
          <SyncDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
