import AddIcon from '@mui/icons-material/Add';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import {
  Box,
  Divider,
  FormControl,
  FormControlLabel,
  InputLabel,
  Link,
  List,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  NativeSelect,
  Switch,
  Typography,
} from '@mui/material';
import { LANGUAGES } from '@web/app/i18n';
import { useThemeMode } from '@web/app/theme-mode';
import { LinkListItem } from '@web/components/link-list-item';
import { useDeletedEvents } from '@web/features/events/deleted-events';
import { useLocalEvents } from '@web/features/events/local-events';
import { formatDay } from '@web/lib/locale';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** The drawer's contents: local events, "new", "about", dark mode, language, donation link. */
export function AppDrawerContent(props: { onNavigate(): void; donationUrl: string | null }) {
  const { t, i18n } = useTranslation();
  const events = useLocalEvents();
  const deleted = useDeletedEvents();
  const location = useLocation();
  const { mode, setMode } = useThemeMode();
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
        {events.map((event) => {
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
                  mark
                    ? t('deletedEvent.mark', { date: formatDay(mark.deleted_at) })
                    : event.currency_id
                }
              />
            </LinkListItem>
          );
        })}
      </List>
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
      <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
        <FormControlLabel
          control={
            <Switch
              checked={mode === 'dark'}
              onChange={(_event, checked) => setMode(checked ? 'dark' : 'light')}
            />
          }
          label={t('nav.darkMode')}
        />
        <FormControl size="small" fullWidth>
          <InputLabel variant="standard" htmlFor="language-select">
            {t('nav.language')}
          </InputLabel>
          {/* A native select: light to load, and the phone's own picker. */}
          <NativeSelect
            id="language-select"
            value={i18n.language}
            onChange={(event) => void i18n.changeLanguage(event.target.value)}
          >
            {Object.entries(LANGUAGES).map(([code, name]) => (
              <option key={code} value={code} lang={code}>
                {name}
              </option>
            ))}
          </NativeSelect>
        </FormControl>
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
