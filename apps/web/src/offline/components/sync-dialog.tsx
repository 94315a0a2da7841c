import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/locale';
import { notify } from '../../lib/notices';
import { removeCommands, useQueue } from '../command-queue';
import { describeCommand } from '../describe-command';
import { useOnline } from '../online-status';
import { replayQueue } from '../replay';
import { useReplayPause } from '../replay-pause';

/**
 * The changes waiting for the server, oldest first: "sync now" sends them (the spec's explicit
 * queue run); a change the server refused says why and waits until the person discards it.
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
              <ListItem
                key={command.id}
                divider
                secondaryAction={
                  command.rejected && (
                    <Button
                      color="error"
                      onClick={() => void removeCommands(new Set([command.id]))}
                    >
                      {t('sync.discard')}
                    </Button>
                  )
                }
              >
                <ListItemText
                  primary={describeCommand(command, t)}
                  secondary={
                    command.rejected
                      ? t('sync.refused', { message: command.rejected.message })
                      : t('sync.waitingSince', { time: formatDateTime(command.createdAt) })
                  }
                  slotProps={{
                    secondary: { color: command.rejected ? 'error' : 'text.secondary' },
                  }}
                  sx={{ pr: command.rejected ? 12 : 0 }}
                />
              </ListItem>
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
