import { Box, Stack } from '@mui/material';
import type { Event } from '@quits/contract';
import type { ReactNode } from 'react';
import { useWhoAmI } from '../who-am-i';
import { ClosedEventBanner } from './closed-event-banner';

/**
 * A form of a closed event, opened by a link: it says first that the event is closed (with
 * "Reopen"), and its fields and buttons cannot be used, so nothing is typed only to be refused
 * on Save. An open event's form shows as it is.
 */
export function ClosedEventLock(props: { event: Event; children: ReactNode }) {
  const me = useWhoAmI(props.event.id);
  const closed = Boolean(props.event.closed_at);
  return (
    <Stack spacing={2}>
      {closed && <ClosedEventBanner event={props.event} whoAmI={me} />}
      {/* A disabled fieldset disables every control inside it, however deep. */}
      <Box component="fieldset" disabled={closed} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        {props.children}
      </Box>
    </Stack>
  );
}
