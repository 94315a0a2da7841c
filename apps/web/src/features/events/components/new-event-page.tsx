import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import {
  Alert,
  Autocomplete,
  Button,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { LIMITS } from '@quits/contract';
import { useQuery } from '@tanstack/react-query';
import { FormStack } from '@web/components/form-stack';
import { UnsavedChangesGuard } from '@web/components/unsaved-changes-guard';
import { currenciesQuery } from '@web/features/currencies';
import { errorText } from '@web/lib/error-text';
import { ApiError } from '@web/lib/http';
import { leaveSaved } from '@web/lib/leave-guard';
import { currencyLabel } from '@web/lib/money';
import { usePageTitle } from '@web/lib/page-title';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useCreateEvent } from '../api/create-event';
import { CreatorChoice } from './creator-choice';
import {
  EventCreationClosed,
  useCreationPassword,
  useEventCreation,
} from './event-creation-access';

const newPerson = () => ({ key: crypto.randomUUID(), name: '' });
const personFieldId = (key: string) => `person-${key}`;

/** New event: name, description, currency from the global list, people. */
export function NewEventPage() {
  const { t } = useTranslation();
  usePageTitle(t('newEvent.title'));
  const navigate = useNavigate();
  const currencies = useQuery(currenciesQuery());
  const create = useCreateEvent();
  const creation = useEventCreation();
  const password = useCreationPassword(create.error);
  const [name, setName] = useState('');
  const [desc, setDesc] = useState('');
  const [currencyId, setCurrencyId] = useState('EUR');
  // Each row keeps a key of its own, so that removing one never shifts another's input.
  const [people, setPeople] = useState(() => [newPerson(), newPerson()]);
  const [touched, setTouched] = useState(false);
  // The row key of the person this device is, or '' until chosen ("later").
  const [creatorKey, setCreatorKey] = useState('');
  // The row to take the focus once drawn: the one just added, or the next after Enter.
  const focusRow = useRef<string | null>(null);
  const addPerson = () => {
    const added = newPerson();
    focusRow.current = added.key;
    setPeople([...people, added]);
  };
  /**
   * Enter in a person's field goes on to the next person, adding one after the last: several
   * names are typed in a row. Enter in an empty last row sends the form, as elsewhere.
   */
  const nextPerson = (keyDown: KeyboardEvent, index: number) => {
    const person = people[index];
    if (keyDown.key !== 'Enter' || !person) return;
    const last = index === people.length - 1;
    if (last && person.name.trim() === '') return;
    keyDown.preventDefault();
    const next = people[index + 1];
    if (!next) return addPerson();
    document.getElementById(personFieldId(next.key))?.focus();
  };

  const namedPeople = people
    .map((person) => ({ key: person.key, name: person.name.trim() }))
    .filter((person) => person.name !== '');
  const named = namedPeople.map((person) => person.name);
  // A chosen row that was emptied or removed chooses nobody.
  const creator = namedPeople.findIndex((person) => person.key === creatorKey);
  const serverErrors = create.error instanceof ApiError ? create.error.errors : {};
  const fieldError = (path: string, local: string | false) =>
    (touched && local) || serverErrors[path]?.[0] || '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    // Asked first, so that its field says what it lacks along with the others'.
    const passwordMissing = password.missing();
    if (!name.trim() || named.length === 0 || passwordMissing) return;
    password.keep();
    create.mutate(
      {
        name,
        desc,
        currency_id: currencyId,
        users: named.map((person) => ({ name: person })),
        creator: creator === -1 ? null : creator,
      },
      // In place of the form: Back from the new event does not show the form again.
      {
        onSuccess: (created) =>
          leaveSaved(() => void navigate(`/event/${created.id}/home`, { replace: true })),
      },
    );
  };

  if (creation === 'closed') return <EventCreationClosed />;

  return (
    <FormStack maxWidth={560} onSubmit={submit}>
      <UnsavedChangesGuard dirty={name.trim() !== '' || desc.trim() !== '' || named.length > 0} />
      <TextField
        label={t('newEvent.name')}
        value={name}
        onChange={(change) => setName(change.target.value)}
        required
        slotProps={{ htmlInput: { maxLength: LIMITS.eventName } }}
        error={Boolean(fieldError('name', !name.trim() && t('validation.required')))}
        helperText={
          fieldError('name', !name.trim() && t('validation.required')) ||
          `${name.length} / ${LIMITS.eventName}`
        }
      />
      <TextField
        label={t('newEvent.description')}
        value={desc}
        onChange={(change) => setDesc(change.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: LIMITS.description } }}
        helperText={serverErrors.desc?.[0] ?? `${desc.length} / ${LIMITS.description}`}
        error={Boolean(serverErrors.desc)}
      />
      <Autocomplete
        options={currencies.data ?? []}
        loading={currencies.isPending}
        value={currencies.data?.find((currency) => currency.id === currencyId) ?? null}
        onChange={(_event, currency) => currency && setCurrencyId(currency.id)}
        getOptionLabel={currencyLabel}
        disableClearable={Boolean(currencies.data)}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('newEvent.currency')}
            error={currencies.isError || Boolean(serverErrors.currency_id)}
            helperText={currencies.isError ? t('errors.currencies') : serverErrors.currency_id?.[0]}
          />
        )}
      />
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" component="h2">
          {t('newEvent.people')}
        </Typography>
        {people.map((person, index) => (
          <Stack key={person.key} direction="row" spacing={1} alignItems="flex-start">
            <TextField
              id={personFieldId(person.key)}
              label={t('newEvent.personName', { number: index + 1 })}
              value={person.name}
              onKeyDown={(keyDown) => nextPerson(keyDown, index)}
              inputRef={(input: HTMLInputElement | null) => {
                if (input && focusRow.current === person.key) {
                  focusRow.current = null;
                  input.focus();
                }
              }}
              onChange={(change) =>
                setPeople(
                  people.map((old) =>
                    old.key === person.key ? { ...old, name: change.target.value } : old,
                  ),
                )
              }
              fullWidth
              slotProps={{ htmlInput: { maxLength: LIMITS.personName } }}
              error={
                Boolean(serverErrors[`users.${index}.name`]) ||
                (touched && named.length === 0 && index === 0)
              }
              helperText={serverErrors[`users.${index}.name`]?.[0]}
            />
            <IconButton
              aria-label={t('newEvent.removePerson', { name: person.name || index + 1 })}
              onClick={() => setPeople(people.filter((old) => old.key !== person.key))}
              disabled={people.length === 1}
              sx={{ mt: 1 }}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Stack>
        ))}
        <Button startIcon={<AddIcon />} onClick={addPerson} sx={{ alignSelf: 'flex-start' }}>
          {t('newEvent.addPerson')}
        </Button>
        {touched && named.length === 0 && (
          <Alert severity="error">{t('newEvent.needPeople')}</Alert>
        )}
      </Stack>
      {namedPeople.length > 0 && (
        <CreatorChoice
          people={namedPeople}
          value={creator === -1 ? '' : creatorKey}
          onChange={setCreatorKey}
        />
      )}
      {password.field}
      {create.error && <Alert severity="error">{errorText(create.error, t)}</Alert>}
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
        <Button type="submit" variant="contained" size="large" disabled={create.isPending}>
          {t('newEvent.create')}
        </Button>
        <Button component={RouterLink} to="/import" startIcon={<UploadFileOutlinedIcon />}>
          {t('transfer.importFromFile')}
        </Button>
      </Stack>
    </FormStack>
  );
}
