import { ListItem, ListItemText, Stack } from '@mui/material';
import { formatDateTime } from '@web/lib/locale';
import type { Command } from '@web/offline/commands';
import { describeCommand } from '@web/offline/describe-command';
import { useTranslation } from 'react-i18next';
import { RefusedChange } from './refused-change';

/** One change of the sync list: waiting since when, or refused with why and what to do. */
export function SyncQueueItem(props: { command: Command; onNavigate(): void }) {
  const { command } = props;
  const { t } = useTranslation();
  return (
    <ListItem divider sx={{ px: 0 }}>
      <Stack spacing={1} sx={{ width: '100%', minWidth: 0 }}>
        <ListItemText
          sx={{ my: 0 }}
          primary={describeCommand(command, t)}
          secondary={
            command.rejected
              ? t('sync.refusedShort')
              : t('sync.waitingSince', { time: formatDateTime(command.createdAt) })
          }
          slotProps={{
            primary: { sx: { overflowWrap: 'anywhere' } },
            secondary: { color: command.rejected ? 'error' : 'text.secondary' },
          }}
        />
        {command.rejected && <RefusedChange command={command} onNavigate={props.onNavigate} />}
      </Stack>
    </ListItem>
  );
}
