import DocumentScannerOutlinedIcon from '@mui/icons-material/DocumentScannerOutlined';
import { Button, type ButtonProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** "Scan a receipt": opens the receipt camera of the event, where expenses are added. */
export function ScanReceiptButton(props: {
  eventId: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}) {
  const { t } = useTranslation();
  return (
    <Button
      component={RouterLink}
      to={`/event/${props.eventId}/camera`}
      variant={props.variant ?? 'outlined'}
      size={props.size}
      startIcon={<DocumentScannerOutlinedIcon />}
      sx={{ alignSelf: 'flex-start', flexShrink: 0, minHeight: 44 }}
    >
      {t('receipts.scan')}
    </Button>
  );
}
