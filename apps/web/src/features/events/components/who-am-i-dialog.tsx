import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
} from '@mui/material';
import type { User } from '@quits/contract';
import { useTranslation } from 'react-i18next';
import { offerNotifications } from '../../../notifications/offer-notifications';
import { setWhoAmI } from '../who-am-i';

/**
 * "Who am I": asked on the first visit to an event on this device (no way out but choosing),
 * and changeable later from settings (then `onClose` lets the person keep their choice).
 */
export function WhoAmIDialog(props: {
  eventId: string;
  people: readonly User[];
  open: boolean;
  current?: string | null;
  onClose?: () => void;
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
        <List>
          {props.people.map((person) => (
            <ListItem key={person.id} disablePadding>
              <ListItemButton
                selected={person.id === props.current}
                onClick={() => {
                  setWhoAmI(props.eventId, person.id);
                  // The first answer in an event is the moment to offer notifications, once.
                  if (!props.onClose) offerNotifications(props.eventId);
                  props.onClose?.();
                }}
              >
                <ListItemText primary={person.name} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </DialogContent>
      {props.onClose && (
        <DialogActions>
          <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
