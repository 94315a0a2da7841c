import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  Typography,
} from '@mui/material';
import { notify } from '@web/lib/notices';
import { useQueue } from '@web/offline/command-queue';
import { useOnline } from '@web/offline/online-status';
import { replayQueue } from '@web/offline/replay';
import { useReplayPause } from '@web/offline/replay-pause';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SyncQueueItem } from './sync-queue-item';

/**
 * The changes waiting for the server, oldest first: "sync now" sends them (the spec's explicit
 * queue run); a change the server refused says why and waits until the person settles, edits
 * or discards it.
 */
export function SyncDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const queue = useQueue();
  const online = useOnline();
  const pausedUntil = useReplayPause();
  const [busy, setBusy] = useState(false);

  const syncNow = async () => {
    setBusy(true);
    try {
      const outcome = await replayQueue();
      if (outcome.interrupted) notify(t('sync.stillOffline'), 'error');
      else if (outcome.rejected > 0) notify(t('sync.someRefused'), 'error');
      else notify(t('sync.done', { count: outcome.sent }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="sync-title">
      <DialogTitle id="sync-title">{t('sync.title')}</DialogTitle>
      <DialogContent>
        {!online && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('sync.offlineText')}
          </Alert>
        )}
        {online && pausedUntil !== null && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('rateLimit.paused', {
              count: Math.max(1, Math.ceil((pausedUntil - Date.now()) / 1000)),
            })}
          </Alert>
        )}
        {queue.length === 0 ? (
          <Typography color="text.secondary">{t('sync.nothing')}</Typography>
        ) : (
          <List dense aria-label={t('sync.list')}>
            {queue.map((command) => (
              <SyncQueueItem key={command.id} command={command} onNavigate={onClose} />
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        <Button
          variant="contained"
          onClick={syncNow}
          disabled={busy || !queue.some((command) => !command.rejected)}
        >
          {t('sync.now')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
