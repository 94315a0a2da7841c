import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  Avatar,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { LIMITS, type User } from '@quits/contract';
import { Amount } from '@web/components/amount';
import { balanceColor, useEventBalances } from '@web/features/balances';
import { EventLoadState, useEvent, useWhoAmI } from '@web/features/events';
import { errorText } from '@web/lib/error-text';
import { ApiError } from '@web/lib/http';
import { formatMoney } from '@web/lib/money';
import { notify } from '@web/lib/notices';
import { usePageTitle } from '@web/lib/page-title';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useAddPerson } from '../api/add-person';
import { PersonDialog } from './person-dialog';

/** The people of an event with their balances; add, rename, remove; open one's balance view. */
export function PeoplePage() {
  const { t } = useTranslation();
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  const balances = useEventBalances(event.data);
  const me = useWhoAmI(eventId);
  const add = useAddPerson(eventId, me);
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  usePageTitle(t('people.title'));

  if (!event.data) {
    return <EventLoadState error={event.error} heights={[240]} />;
  }
  const { data } = event;
  const currency = data.currency ?? { id: data.currency_id, decimals: 2 };
  const server = add.error instanceof ApiError ? add.error.errors : {};
  const problem = submitted && name.trim() === '' ? t('validation.required') : server.name?.[0];

  const submit = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    setSubmitted(true);
    if (name.trim() === '') return;
    const added = name.trim();
    add.mutate(added, {
      onSuccess: () => {
        notify(t('people.added', { name: added }));
        setName('');
        setSubmitted(false);
      },
      onError: (error) =>
        !(error instanceof ApiError && error.status === 422) &&
        notify(errorText(error, t), 'error'),
    });
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 720, mx: 'auto' }}>
      <List aria-label={t('people.title')}>
        {data.users.map((person) => {
          const balance = balances?.balances.find((row) => row.user_id === person.id);
          return (
            <ListItem
              key={person.id}
              disablePadding
              divider
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('people.edit', { name: person.name })}
                  onClick={() => setEditing(person)}
                >
                  <EditOutlinedIcon />
                </IconButton>
              }
            >
              <ListItemButton component={RouterLink} to={`/event/${eventId}/people/${person.id}`}>
                <ListItemAvatar>
                  <Avatar aria-hidden>{person.name.charAt(0).toLocaleUpperCase()}</Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={person.id === me ? t('people.me', { name: person.name }) : person.name}
                  secondary={
                    balance &&
                    (balance.balance > 0
                      ? t('event.owed')
                      : balance.balance < 0
                        ? t('event.owes')
                        : t('event.even'))
                  }
                />
                {balance && (
                  <Typography fontWeight={600} color={balanceColor(balance.balance)} sx={{ mr: 2 }}>
                    <Amount>{formatMoney(balance.balance, currency)}</Amount>
                  </Typography>
                )}
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      <Stack
        component="form"
        direction="row"
        spacing={1}
        alignItems="flex-start"
        onSubmit={submit}
        noValidate
      >
        <TextField
          label={t('people.newName')}
          value={name}
          onChange={(change) => setName(change.target.value)}
          slotProps={{ htmlInput: { maxLength: LIMITS.personName } }}
          error={Boolean(problem)}
          helperText={problem ?? `${name.length} / ${LIMITS.personName}`}
          sx={{ flex: 1 }}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<AddIcon />}
          disabled={add.isPending}
          sx={{ mt: 1 }}
        >
          {t('people.add')}
        </Button>
      </Stack>
      {editing && (
        <PersonDialog
          eventId={eventId}
          event={event.data}
          person={editing}
          whoAmI={me}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
