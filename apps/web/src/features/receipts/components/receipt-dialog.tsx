import { Button } from '@mui/material';
import { StoredImageDialog } from '@web/components/stored-image-dialog';
import { useTranslation } from 'react-i18next';
import { receiptImageUrl } from '../api/receipt-image';

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
  const url = receiptImageUrl(props.eventId, props.receiptId);
  return (
    <StoredImageDialog
      open={props.open}
      onClose={props.onClose}
      title={t('receipts.dialogTitle')}
      url={url}
      alt={t('receipts.storedAlt')}
      words={{
        loading: t('receipts.loadingImage'),
        failed: t('receipts.imageFailed'),
        offline: t('receipts.imageOffline'),
      }}
      actions={(shown) => (
        <>
          <Button href={url} target="_blank" rel="noopener" disabled={!shown}>
            {t('receipts.openFull')}
          </Button>
          <Button onClick={props.onClose}>{t('common.close')}</Button>
        </>
      )}
    />
  );
}
