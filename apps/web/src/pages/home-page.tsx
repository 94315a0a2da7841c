import AddIcon from '@mui/icons-material/Add';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { Button, Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import type { Event } from '@quits/contract';
import { PlainTextField } from '@web/components/plain-text-field';
import { useDeletedEvents } from '@web/features/events/deleted-events';
import { openAndClosed, useLocalEvents } from '@web/features/events/local-events';
import { formatDay } from '@web/lib/locale';
import { usePageTitle } from '@web/lib/page-title';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

/** The id in a pasted link (…/event/{id}/…) or a bare id. */
function eventIdOf(text: string): string | null {
  const trimmed = text.trim();
  const fromLink = /\/event\/([A-Za-z0-9_-]{22,64})(?:\/|$)/.exec(trimmed)?.[1];
  if (fromLink) return fromLink;
  return /^[A-Za-z0-9_-]{22,64}$/.test(trimmed) ? trimmed : null;
}

export function HomePage() {
  const { t } = useTranslation();
  usePageTitle('');
  const events = useLocalEvents();
  const deleted = useDeletedEvents();
  const navigate = useNavigate();
  const [link, setLink] = useState('');
  // Why the link typed cannot be opened: nothing typed, or not an event's link.
  const [invalid, setInvalid] = useState<'home.linkEmpty' | 'home.invalidLink' | null>(null);

  const { open, closed } = openAndClosed(events);
  const eventCard = (event: Event) => {
    const mark = deleted[event.id];
    return (
      <Card key={event.id} variant="outlined">
        <CardActionArea component={Link} to={`/event/${event.id}/home`}>
          <CardContent>
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
              <Typography variant="subtitle1" component="h3">
                {event.name}
              </Typography>
              {mark && (
                <Chip
                  size="small"
                  color="error"
                  variant="outlined"
                  label={t('deletedEvent.mark', { date: formatDay(mark.deleted_at) })}
                />
              )}
              {event.closed_at && !mark && (
                <Chip
                  size="small"
                  variant="outlined"
                  label={t('closedEvent.mark', { date: formatDay(event.closed_at) })}
                />
              )}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {event.users.map((user) => user.name).join(', ')}
            </Typography>
          </CardContent>
        </CardActionArea>
      </Card>
    );
  };

  const openLink = (submit: FormEvent) => {
    submit.preventDefault();
    const eventId = eventIdOf(link);
    if (!eventId) {
      setInvalid(link.trim() === '' ? 'home.linkEmpty' : 'home.invalidLink');
      return;
    }
    void navigate(`/event/${eventId}/home`);
  };

  return (
    <Stack spacing={4}>
      <Stack spacing={2} alignItems="flex-start">
        <Typography variant="h4" component="h2">
          {t('home.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: '55ch' }}>
          {t('app.tagline')}
        </Typography>
        <Stack direction="row" spacing={1.5} flexWrap="wrap" useFlexGap>
          <Button
            variant="contained"
            size="large"
            startIcon={<AddIcon />}
            component={Link}
            to="/new-event"
          >
            {t('home.create')}
          </Button>
          <Button size="large" startIcon={<UploadFileOutlinedIcon />} component={Link} to="/import">
            {t('home.importFromFile')}
          </Button>
        </Stack>
      </Stack>
      <Stack
        component="form"
        onSubmit={openLink}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        noValidate
      >
        <PlainTextField
          label={t('home.linkLabel')}
          value={link}
          onChange={(change) => {
            setLink(change.target.value);
            setInvalid(null);
          }}
          error={invalid !== null}
          helperText={t(invalid ?? 'home.openByLink')}
        />
        <Button
          type="submit"
          variant="outlined"
          sx={{ alignSelf: { sm: 'flex-start' }, minHeight: 56 }}
        >
          {t('home.open')}
        </Button>
      </Stack>
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          {t('home.recent')}
        </Typography>
        {events.length === 0 && (
          <Typography color="text.secondary">{t('home.noRecent')}</Typography>
        )}
        {open.map(eventCard)}
      </Stack>
      {closed.length > 0 && (
        <Stack spacing={1.5}>
          <Typography variant="h6" component="h2">
            {t('closedEvent.listTitle')}
          </Typography>
          {closed.map(eventCard)}
        </Stack>
      )}
    </Stack>
  );
}
