import { Alert, TextField } from '@mui/material';
import type { ClientConfig } from '@quits/contract';
import { useQuery } from '@tanstack/react-query';
import { creationPassword, setCreationPassword } from '@web/lib/creation-password';
import { ApiError } from '@web/lib/http';
import { serverConfigQuery } from '@web/lib/server-config';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Who may create events on this server (EVENT_CREATION): anyone, whoever knows its password, or
 * nobody. Taken as open until the server has said, and offline: the server decides in the end,
 * and a refusal is said then.
 */
export function useEventCreation(): ClientConfig['event_creation'] {
  return useQuery(serverConfigQuery).data?.event_creation ?? 'open';
}

/** Said in place of a form that would create an event, on a server that takes none. */
export function EventCreationClosed() {
  const { t } = useTranslation();
  return <Alert severity="info">{t('newEvent.closed')}</Alert>;
}

/**
 * The server's password on a form that creates an event (new event, import), where the server
 * asks for it: its field, with the form's own "required" once the person has tried to send, or
 * the server's refusal (`sent`'s error). Before sending, `missing()` says whether it holds the
 * form back; once the form goes, `keep()` keeps it on the device for this create (sent later
 * when made offline) and the next ones.
 */
export function useCreationPassword(sent: unknown): {
  field: ReactNode;
  missing(): boolean;
  keep(): void;
} {
  const { t } = useTranslation();
  const asked = useEventCreation() === 'password';
  const [password, setPassword] = useState(creationPassword);
  const [tried, setTried] = useState(false);
  const error =
    (tried && password === '' && t('validation.required')) ||
    (sent instanceof ApiError ? sent.errors.creation_password?.[0] : '') ||
    '';
  return {
    field: asked && <CreationPasswordField value={password} onChange={setPassword} error={error} />,
    missing: () => {
      setTried(true);
      return asked && password === '';
    },
    keep: () => {
      if (asked) setCreationPassword(password);
    },
  };
}

/** The server's password, on a server that asks for it before it creates an event. */
function CreationPasswordField(props: {
  value: string;
  onChange(value: string): void;
  /** A message of the form's own or the server's; otherwise, why it is asked. */
  error: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      type="password"
      label={t('newEvent.creationPassword')}
      value={props.value}
      onChange={(change) => props.onChange(change.target.value)}
      required
      autoComplete="current-password"
      error={props.error !== ''}
      helperText={props.error || t('newEvent.creationPasswordHelp')}
    />
  );
}
