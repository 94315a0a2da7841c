import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks before something that cannot be taken back on this screen. */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  /** The way back to the screen; "Cancel" unless said. */
  cancel?: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog open={props.open} onClose={props.onCancel} aria-labelledby={id} maxWidth="xs">
      <DialogTitle id={id}>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{props.text}</DialogContentText>
      </DialogContent>
      {/* Long labels (German, Vietnamese) take a line each rather than breaking inside a button. */}
      <DialogActions
        sx={{ flexWrap: 'wrap', rowGap: 1, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
      >
        <Button onClick={props.onCancel}>{props.cancel ?? t('common.cancel')}</Button>
        <Button color="error" variant="contained" disabled={props.busy} onClick={props.onConfirm}>
          {props.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
