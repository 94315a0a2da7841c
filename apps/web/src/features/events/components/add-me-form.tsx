import { Button, Stack, TextField } from '@mui/material';
import { errorText } from '@web/lib/error-text';
import { ApiError } from '@web/lib/http';
import { notify } from '@web/lib/notices';
import { useEventChange } from '@web/offline/use-event-change';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setWhoAmI } from '../who-am-i';

/**
 * "I'm not on the list": someone the link reached who is not among the event's people adds
 * themself and is, from then on, that person on this device. The id is made here, so that this
 * device is the new person at once, offline too (the change waits in the queue).
 */
export function AddMeForm(props: { eventId: string; onAdded: (personId: string) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const add = useEventChange<{ id: string; name: string }>(props.eventId, null, (person) => ({
    kind: 'person.add',
    body: { id: person.id, event_id: props.eventId, name: person.name },
  }));
  const server = add.error instanceof ApiError ? add.error.errors : {};
  const problem = submitted && name.trim() === '' ? t('validation.required') : server.name?.[0];

  const submit = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    setSubmitted(true);
    const added = name.trim();
    if (added === '') return;
    const id = crypto.randomUUID();
    add.mutate(
      { id, name: added },
      {
        onSuccess: () => {
          setWhoAmI(props.eventId, id);
          notify(t('whoami.added', { name: added }));
          props.onAdded(id);
        },
        onError: (error) =>
          !(error instanceof ApiError && error.status === 422) &&
          notify(errorText(error, t), 'error'),
      },
    );
  };

  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      alignItems={{ xs: 'stretch', sm: 'flex-start' }}
      onSubmit={submit}
      noValidate
    >
      <TextField
        label={t('whoami.yourName')}
        value={name}
        onChange={(change) => setName(change.target.value)}
        error={Boolean(problem)}
        helperText={problem}
        autoFocus
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: 255, autoComplete: 'given-name' } }}
      />
      <Button type="submit" variant="contained" disabled={add.isPending} sx={{ minHeight: 56 }}>
        {t('whoami.addMe')}
      </Button>
    </Stack>
  );
}
