import {
  Dialog,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
} from '@mui/material';
import type { User } from '@quits/contract';
import { useTranslation } from 'react-i18next';
import { setWhoAmI } from '../who-am-i';

/** "Who am I": asked on the first visit to an event on this device. */
export function WhoAmIDialog(props: { eventId: string; people: readonly User[]; open: boolean }) {
  const { t } = useTranslation();
  return (
    <Dialog open={props.open} aria-labelledby="who-am-i-title" fullWidth maxWidth="xs">
      <DialogTitle id="who-am-i-title">{t('whoami.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('whoami.text')}</DialogContentText>
        <List>
          {props.people.map((person) => (
            <ListItemButton key={person.id} onClick={() => setWhoAmI(props.eventId, person.id)}>
              <ListItemText primary={person.name} />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
    </Dialog>
  );
}
