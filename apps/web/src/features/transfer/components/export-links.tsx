import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { Button, Stack, Typography } from '@mui/material';
import { apiUrl } from '@web/lib/base-path';
import { useOnline } from '@web/offline/online-status';
import { useTranslation } from 'react-i18next';

/**
 * Settings' "Export": the whole event as a file the server writes, opened as a download.
 * JSON can be imported again (here or on another server); CSV opens in a spreadsheet.
 */
export function ExportLinks({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const href = (format: 'json' | 'csv') =>
    apiUrl(`/events/${encodeURIComponent(eventId)}/export?format=${format}`);
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('transfer.exportText')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlinedIcon />}
          href={href('csv')}
          download
          disabled={!online}
        >
          {t('transfer.exportCsv')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlinedIcon />}
          href={href('json')}
          download
          disabled={!online}
        >
          {t('transfer.exportJson')}
        </Button>
      </Stack>
      {!online && (
        <Typography variant="body2" color="text.secondary">
          {t('transfer.exportOffline')}
        </Typography>
      )}
    </Stack>
  );
}
