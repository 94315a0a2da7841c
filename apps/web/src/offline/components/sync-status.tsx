import CloudOffIcon from '@mui/icons-material/CloudOff';
import CloudSyncIcon from '@mui/icons-material/CloudSync';
import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import { Badge, IconButton } from '@mui/material';
import { withTexts } from '@web/lib/texts-ready';
import { useQueue } from '@web/offline/command-queue';
import { useOnline } from '@web/offline/online-status';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The words of refused changes are among the texts fetched after the first screen: waited for.
const SyncDialog = lazy(() =>
  withTexts('refusal.conflict.title', () => import('./sync-dialog')).then((module) => ({
    default: module.SyncDialog,
  })),
);

/**
 * The title bar's sync button, with a badge that counts the waiting changes; it opens the list
 * of them with "sync now". The shell shows it only while offline or while changes wait. Refused
 * changes wait for the person, not for the network: they are named as refused, with their own
 * icon and colour, and counted apart from those still to be sent.
 */
export function SyncStatus() {
  const { t } = useTranslation();
  const online = useOnline();
  const queue = useQueue();
  const [open, setOpen] = useState(false);
  const refused = queue.filter((command) => command.rejected).length;
  const waiting = queue.length - refused;
  // Offline, the button shows even with nothing to send: "0 changes waiting" reads as a fault.
  const waitingLabel = online
    ? t('sync.waiting', { count: waiting })
    : waiting === 0
      ? t('sync.offlineNothingWaiting')
      : t('sync.offlineWaiting', { count: waiting });
  const label =
    refused === 0
      ? waitingLabel
      : waiting === 0
        ? t('sync.refusedCount', { count: refused })
        : t('sync.refusedAndWaiting', {
            refused: t('sync.refusedCount', { count: refused }),
            waiting: waitingLabel,
          });
  return (
    <>
      <IconButton color="inherit" aria-label={label} title={label} onClick={() => setOpen(true)}>
        <Badge
          badgeContent={refused > 0 ? refused : waiting}
          color={refused > 0 ? 'error' : 'secondary'}
        >
          {refused > 0 ? <SyncProblemIcon /> : online ? <CloudSyncIcon /> : <CloudOffIcon />}
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
