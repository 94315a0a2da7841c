import SyncIcon from '@mui/icons-material/Sync';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useReconnecting } from './live-link-store';

/**
 * The title bar's "reconnecting…", while the live connection is being tried again: changes from
 * others do not arrive meanwhile, and what was missed is read once it is back. Small, since
 * nothing is asked of the person; a status, so that a screen reader hears of it. Nothing the
 * rest of the time.
 */
export function ReconnectingIndicator() {
  const { t } = useTranslation();
  if (!useReconnecting()) return null;
  return (
    <Chip
      role="status"
      aria-label={t('live.reconnectingLabel')}
      title={t('live.reconnectingLabel')}
      size="small"
      variant="outlined"
      icon={<SyncIcon aria-hidden />}
      label={t('live.reconnecting')}
      sx={{
        mx: 0.5,
        flexShrink: 0,
        color: 'inherit',
        borderColor: 'currentColor',
        '& .MuiChip-icon': { color: 'inherit' },
      }}
    />
  );
}
