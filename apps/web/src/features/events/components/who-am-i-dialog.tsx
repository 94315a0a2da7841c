import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import type { User } from '@quits/contract';
import { useTranslation } from 'react-i18next';
import { WhoAmIChoices } from './who-am-i-choices';

/** "Who am I", changed from settings: `onClose` lets the person keep their choice. */
export function WhoAmIDialog(props: {
  eventId: string;
  people: readonly User[];
  open: boolean;
  current?: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby="who-am-i-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="who-am-i-title">{t('whoami.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('whoami.text')}</DialogContentText>
        <WhoAmIChoices
          eventId={props.eventId}
          people={props.people}
          current={props.current}
          onChosen={props.onClose}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
