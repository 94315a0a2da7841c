import { List, ListItem, ListItemButton, ListItemText } from '@mui/material';
import type { User } from '@quits/contract';
import { setWhoAmI } from '../who-am-i';

/** The event's people, one button each: choosing one makes this device that person. */
export function WhoAmIChoices(props: {
  eventId: string;
  people: readonly User[];
  current?: string | null;
  onChosen?: (personId: string) => void;
}) {
  return (
    <List>
      {props.people.map((person) => (
        <ListItem key={person.id} disablePadding>
          <ListItemButton
            selected={person.id === props.current}
            // Outlined, so that each name reads as something to tap.
            sx={{ border: 1, borderColor: 'divider', borderRadius: 2, mb: 1 }}
            onClick={() => {
              setWhoAmI(props.eventId, person.id);
              props.onChosen?.(person.id);
            }}
          >
            <ListItemText primary={person.name} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
