import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReceiptDialog } from './receipt-dialog';
import { ScanReceiptButton } from './scan-receipt-button';

/**
 * The receipt's place in the expense form: "view receipt" when the expense has its photo, else,
 * for a new expense, "scan a receipt" to fill the form from one.
 */
export function ReceiptFormActions(props: {
  eventId: string;
  receiptId: string | null;
  isNew: boolean;
}) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState(false);
  if (props.receiptId) {
    return (
      <>
        <Button
          variant="outlined"
          startIcon={<ReceiptLongOutlinedIcon />}
          onClick={() => setViewing(true)}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('receipts.view')}
        </Button>
        <ReceiptDialog
          eventId={props.eventId}
          receiptId={props.receiptId}
          open={viewing}
          onClose={() => setViewing(false)}
        />
      </>
    );
  }
  return props.isNew ? <ScanReceiptButton eventId={props.eventId} /> : null;
}
