import { Autocomplete, Button, Stack, TextField } from '@mui/material';
import { type Currency, type Event, type EventUpdate, LIMITS } from '@quits/contract';
import { useUpdateEvent } from '@web/features/events';
import { errorText } from '@web/lib/error-text';
import { useFocusFirstInvalid } from '@web/lib/first-invalid';
import { ApiError } from '@web/lib/http';
import { currencyLabel } from '@web/lib/money';
import { notify } from '@web/lib/notices';
import { FormConflict } from '@web/offline/components/form-conflict';
import { conflictOfError } from '@web/offline/refusal';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The time zones the browser knows, with UTC and the event's own always among them. */
function timeZones(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, 'UTC', current])].sort();
}

/**
 * Name, description, currency and time zone of the event; saved together, the rest left as it
 * is.
 */
export function EventDetailsForm(props: {
  event: Event;
  currencies: readonly Currency[];
  whoAmI: string | null;
}) {
  const { event } = props;
  const { t } = useTranslation();
  const update = useUpdateEvent(event.id, props.whoAmI);
  // Saved with an empty name: the name gets the focus, wherever the page is scrolled.
  const firstInvalid = useFocusFirstInvalid<HTMLFormElement>();
  const [name, setName] = useState(event.name);
  const [desc, setDesc] = useState(event.desc ?? '');
  const [currencyId, setCurrencyId] = useState(event.currency_id);
  const savedZone = event.time_zone ?? 'UTC';
  const [timeZone, setTimeZone] = useState(savedZone);
  const zones = useMemo(() => timeZones(savedZone), [savedZone]);
  const server = update.error instanceof ApiError ? update.error.errors : {};
  // Another device changed the same settings meanwhile: the same choice as everywhere else.
  const conflict = conflictOfError(update.error);
  const nameProblem = name.trim() === '' ? t('validation.required') : server.name?.[0];
  const changed =
    name !== event.name ||
    desc !== (event.desc ?? '') ||
    currencyId !== event.currency_id ||
    timeZone !== savedZone;

  // Awaited rather than given callbacks: the saved change can reach this device's copy of the
  // event (its own live message) before the answer, and the form, keyed on what it shows, is
  // then drawn anew; callbacks given to `mutate` would be dropped with the old one, the promise
  // is not.
  const send = async (body: EventUpdate) => {
    try {
      const outcome = await update.mutateAsync(body);
      // The form now shows what the server holds: after "keep theirs", the other device's.
      if (!outcome.queued) {
        setName(outcome.data.name);
        setDesc(outcome.data.desc ?? '');
        setCurrencyId(outcome.data.currency_id);
        setTimeZone(outcome.data.time_zone ?? 'UTC');
      }
      notify(t('settings.saved'));
    } catch (error) {
      if (conflictOfError(error)) return;
      notify(errorText(error instanceof Error ? error : new Error(String(error)), t), 'error');
    }
  };
  const submit = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    firstInvalid.attempted();
    if (name.trim() === '') return;
    // The time zone only when it changed: one value, the last device to set it wins.
    void send({
      name,
      desc,
      currency_id: currencyId,
      ...(timeZone !== savedZone ? { time_zone: timeZone } : {}),
    });
  };

  return (
    <Stack ref={firstInvalid.ref} component="form" spacing={2} onSubmit={submit} noValidate>
      <TextField
        label={t('newEvent.name')}
        value={name}
        required
        onChange={(change) => setName(change.target.value)}
        slotProps={{ htmlInput: { maxLength: LIMITS.eventName } }}
        error={Boolean(nameProblem)}
        helperText={nameProblem ?? `${name.length} / ${LIMITS.eventName}`}
      />
      <TextField
        label={t('newEvent.description')}
        value={desc}
        onChange={(change) => setDesc(change.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: LIMITS.description } }}
        error={Boolean(server.desc)}
        helperText={server.desc?.[0] ?? `${desc.length} / ${LIMITS.description}`}
      />
      <Autocomplete
        options={props.currencies}
        value={props.currencies.find((currency) => currency.id === currencyId) ?? null}
        onChange={(_event, currency) => currency && setCurrencyId(currency.id)}
        getOptionLabel={currencyLabel}
        disableClearable={props.currencies.length > 0}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('newEvent.currency')}
            error={Boolean(server.currency_id)}
            helperText={server.currency_id?.[0] ?? t('settings.currencyHint')}
          />
        )}
      />
      <Autocomplete
        options={zones}
        value={timeZone}
        onChange={(_event, zone) => zone && setTimeZone(zone)}
        disableClearable
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('settings.timeZone')}
            error={Boolean(server.time_zone)}
            helperText={server.time_zone?.[0] ?? t('settings.timeZoneHint')}
          />
        )}
      />
      {conflict && update.variables && (
        <FormConflict
          refusal={conflict}
          change={update.changeOf(update.variables)}
          event={event}
          busy={update.isPending}
          onResend={(change) => {
            if (change.kind === 'event.update') void send(change.body);
          }}
        />
      )}
      <Button
        type="submit"
        variant="contained"
        disabled={!changed || update.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('common.save')}
      </Button>
    </Stack>
  );
}
