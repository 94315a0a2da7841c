import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ShareIcon from '@mui/icons-material/Share';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { QrCode } from '@web/components/qr-code';
import { appLink } from '@web/lib/base-path';
import { notify } from '@web/lib/notices';
import { useTranslation } from 'react-i18next';

/** The event's link is its only key: copy it, hand it to the system share sheet, or show a QR. */
export function ShareInvite({ eventId, eventName }: { eventId: string; eventName: string }) {
  const { t } = useTranslation();
  const link = appLink(`/event/${eventId}/home`);
  const canShare = typeof navigator.share === 'function';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify(t('share.copied'));
    } catch {
      notify(t('share.copyFailed'), 'error');
    }
  };
  const share = async () => {
    try {
      await navigator.share({
        title: eventName,
        text: t('share.text', { name: eventName }),
        url: link,
      });
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        notify(t('share.shareFailed'), 'error');
      }
    }
  };

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('share.explain')}</Typography>
      <TextField
        label={t('share.link')}
        value={link}
        slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'event-link' } }}
        onFocus={(focus) => focus.target.select()}
        fullWidth
      />
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={copy}>
          {t('share.copy')}
        </Button>
        {canShare && (
          <Button variant="outlined" startIcon={<ShareIcon />} onClick={share}>
            {t('share.share')}
          </Button>
        )}
      </Stack>
      <Box sx={{ alignSelf: 'center' }}>
        <QrCode text={link} label={t('share.qr', { name: eventName })} />
      </Box>
    </Stack>
  );
}
