import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Skeleton,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { receiptImageUrl } from '../api/receipt-image';

/** The stored photo, with a placeholder while it loads and a reason when it cannot. */
function ReceiptImage(props: { url: string; onShown(): void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
  return (
    <>
      {state === 'loading' && (
        <Skeleton
          variant="rounded"
          width={280}
          height={400}
          aria-label={t('receipts.loadingImage')}
        />
      )}
      {state === 'failed' ? (
        <Alert severity="error">
          {navigator.onLine ? t('receipts.imageFailed') : t('receipts.imageOffline')}
        </Alert>
      ) : (
        <Box
          component="img"
          src={props.url}
          alt={t('receipts.storedAlt')}
          onLoad={() => {
            setState('shown');
            props.onShown();
          }}
          onError={() => setState('failed')}
          sx={{
            display: state === 'shown' ? 'block' : 'none',
            maxWidth: '100%',
            maxHeight: { xs: 'none', sm: '75dvh' },
            objectFit: 'contain',
          }}
        />
      )}
    </>
  );
}

/**
 * The receipt's photo as the server keeps it (upright, cleaned of location and other metadata),
 * full screen on a phone; "open" shows it alone in a new tab, to zoom in.
 */
export function ReceiptDialog(props: {
  eventId: string;
  receiptId: string;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [shown, setShown] = useState(false);
  const url = receiptImageUrl(props.eventId, props.receiptId);

  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={titleId}
      fullScreen={phone}
      maxWidth="md"
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {t('receipts.dialogTitle')}
      </DialogTitle>
      <IconButton
        aria-label={t('common.close')}
        onClick={props.onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent dividers sx={{ display: 'grid', placeItems: 'center' }}>
        {/* Mounted while open only, so a photo that failed is asked for again next time. */}
        <ReceiptImage key={url} url={url} onShown={() => setShown(true)} />
      </DialogContent>
      <DialogActions>
        <Button href={url} target="_blank" rel="noopener" disabled={!shown}>
          {t('receipts.openFull')}
        </Button>
        <Button onClick={props.onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
