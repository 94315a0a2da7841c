import AddIcon from '@mui/icons-material/Add';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import {
  Box,
  Divider,
  Link,
  List,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Typography,
} from '@mui/material';
import type { Event } from '@quits/contract';
import { LinkListItem } from '@web/components/link-list-item';
import { useDeletedEvents } from '@web/features/events/deleted-events';
import { openAndClosed, useLocalEvents } from '@web/features/events/local-events';
import { useFirstScreenSettled } from '@web/lib/first-screen-settled';
import { formatDay } from '@web/lib/locale';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

// The switch and the select (a tenth of a first visit's download on a wide screen, where the
// drawer shows at once) load once the first screen has settled.
const DrawerPreferences = lazy(() =>
  import('./drawer-preferences').then((module) => ({ default: module.DrawerPreferences })),
);
/** The preferences' box in px: padding, the switch, the gap and the select. */
const PREFERENCES_HEIGHT = 148;

/** The drawer's contents: local events, "new", "about", dark mode, language, donation link. */
export function AppDrawerContent(props: { onNavigate(): void; donationUrl: string | null }) {
  const { t } = useTranslation();
  const events = useLocalEvents();
  const deleted = useDeletedEvents();
  const location = useLocation();
  const settled = useFirstScreenSettled();
  const { open, closed } = openAndClosed(events);
  const eventItem = (event: Event) => {
    const mark = deleted[event.id];
    return (
      <LinkListItem
        key={event.id}
        to={`/event/${event.id}/home`}
        selected={location.pathname.includes(`/${event.id}/`)}
        onClick={props.onNavigate}
      >
        <ListItemText
          primary={event.name}
          secondary={
            mark ? t('deletedEvent.mark', { date: formatDay(mark.deleted_at) }) : event.currency_id
          }
        />
      </LinkListItem>
    );
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      {/* The title names the list from outside it: a list may hold only list items. */}
      <ListSubheader id="your-events-title" component="h2" sx={{ m: 0 }}>
        {t('nav.yourEvents')}
      </ListSubheader>
      {events.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          {t('nav.noEvents')}
        </Typography>
      )}
      <List aria-labelledby="your-events-title" sx={{ pt: 0 }}>
        {open.map(eventItem)}
      </List>
      {closed.length > 0 && (
        <>
          <ListSubheader id="closed-events-title" component="h2" sx={{ m: 0 }}>
            {t('closedEvent.listTitle')}
          </ListSubheader>
          <List aria-labelledby="closed-events-title" sx={{ pt: 0 }}>
            {closed.map(eventItem)}
          </List>
        </>
      )}
      <Divider />
      <List>
        <LinkListItem to="/new-event" onClick={props.onNavigate}>
          <ListItemIcon>
            <AddIcon />
          </ListItemIcon>
          <ListItemText primary={t('nav.new')} />
        </LinkListItem>
        <LinkListItem to="/about" onClick={props.onNavigate}>
          <ListItemIcon>
            <InfoOutlinedIcon />
          </ListItemIcon>
          <ListItemText primary={t('nav.about')} />
        </LinkListItem>
      </List>
      <Divider />
      {/* The height of what it holds, kept while that loads: nothing below it moves. */}
      <Box sx={{ p: 2, display: 'grid', gap: 2, minHeight: PREFERENCES_HEIGHT }}>
        {settled && (
          <Suspense fallback={null}>
            <DrawerPreferences />
          </Suspense>
        )}
      </Box>
      {props.donationUrl && (
        <Box sx={{ mt: 'auto', p: 2 }}>
          <Link href={props.donationUrl} target="_blank" rel="noopener noreferrer">
            {t('nav.donate')}
          </Link>
        </Box>
      )}
    </Box>
  );
}
