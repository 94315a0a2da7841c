import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * The photo on its way: how much of it is uploaded, then, once all of it is, that the server is
 * reading it (which takes a second or two and reports no progress of its own).
 */
export function UploadProgress(props: { photoUrl: string; sent: number }) {
  const { t } = useTranslation();
  const percent = Math.round(props.sent * 100);
  const reading = props.sent >= 1;
  const label = reading ? t('receipts.reading') : t('receipts.uploading', { percent });
  return (
    <Stack spacing={2} alignItems="center" aria-busy="true">
      <Box
        component="img"
        src={props.photoUrl}
        alt={t('receipts.photoAlt')}
        sx={{
          width: '100%',
          maxWidth: 360,
          maxHeight: '50dvh',
          objectFit: 'contain',
          borderRadius: 2,
          opacity: 0.6,
        }}
      />
      <Box sx={{ width: '100%', maxWidth: 360 }}>
        <LinearProgress
          variant={reading ? 'indeterminate' : 'determinate'}
          value={percent}
          aria-label={label}
        />
        <Typography variant="body2" color="text.secondary" textAlign="center" sx={{ mt: 1 }}>
          {label}
        </Typography>
      </Box>
    </Stack>
  );
}
