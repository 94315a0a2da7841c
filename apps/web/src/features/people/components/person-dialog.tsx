import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import { type Event, LIMITS, type User } from '@quits/contract';
import { ApiError } from '@web/lib/http';
import { notify } from '@web/lib/notices';
import { FormConflict } from '@web/offline/components/form-conflict';
import { conflictOfError } from '@web/offline/refusal';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemovePerson } from '../api/remove-person';
import { type RenameInput, useRenamePerson } from '../api/rename-person';

/** Rename a person, or remove one whom no expense or payment names. */
export function PersonDialog(props: {
  eventId: string;
  /** The event as the screen shows it, to word a conflict (names, currencies). */
  event: Event | undefined;
  person: User;
  whoAmI: string | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const rename = useRenamePerson(props.eventId, props.whoAmI);
  const remove = useRemovePerson(props.eventId, props.whoAmI);
  const [name, setName] = useState(props.person.name);
  const server = rename.error instanceof ApiError ? rename.error.errors : {};
  // Another device renamed them meanwhile: the same choice as everywhere else.
  const conflict = conflictOfError(rename.error);
  const sentBase = conflict?.conflicts.find((field) => field.field === 'name')?.base;
  const problem = name.trim() === '' ? t('validation.required') : server.name?.[0];
  const removeProblem =
    remove.error instanceof ApiError && remove.error.status === 409
      ? t('people.inUse', { name: props.person.name })
      : remove.error
        ? t('errors.generic', { message: remove.error.message })
        : null;

  const send = (input: RenameInput) =>
    rename.mutate(input, {
      onSuccess: () => {
        notify(t('people.renamed'));
        props.onClose();
      },
    });
  const submit = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    if (name.trim() === '') return;
    send({ id: props.person.id, name: name.trim() });
  };

  return (
    <Dialog
      open
      onClose={props.onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="person-dialog-title"
      slotProps={{ paper: { component: 'form', onSubmit: submit } }}
    >
      <DialogTitle id="person-dialog-title">
        {t('people.edit', { name: props.person.name })}
      </DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t('people.name')}
          value={name}
          onChange={(change) => setName(change.target.value)}
          slotProps={{ htmlInput: { maxLength: LIMITS.personName } }}
          error={Boolean(problem)}
          helperText={problem ?? `${name.length} / ${LIMITS.personName}`}
        />
        {conflict && props.event && rename.variables && typeof sentBase === 'string' && (
          <FormConflict
            refusal={conflict}
            change={{
              kind: 'person.rename',
              personId: props.person.id,
              name: rename.variables.name,
              base: { name: sentBase },
            }}
            event={props.event}
            busy={rename.isPending}
            onResend={(change) =>
              change.kind === 'person.rename' &&
              send({ id: change.personId, name: change.name, base: change.base })
            }
          />
        )}
        {removeProblem && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {removeProblem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          color="error"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(props.person.id, {
              onSuccess: () => {
                notify(t('people.removed', { name: props.person.name }));
                props.onClose();
              },
            })
          }
          sx={{ mr: 'auto' }}
        >
          {t('people.remove')}
        </Button>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={rename.isPending}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
