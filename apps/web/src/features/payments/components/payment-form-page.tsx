import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Button, MenuItem, Stack, TextField } from '@mui/material';
import {
  type Attachment,
  type Event,
  LIMITS,
  type Payment,
  type PaymentBody,
} from '@quits/contract';
import { parseAmountOrSum, todayIn } from '@quits/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AmountField } from '@web/components/amount-field';
import { DateField } from '@web/components/date-field';
import { FormStack } from '@web/components/form-stack';
import { UnsavedChangesGuard } from '@web/components/unsaved-changes-guard';
import { AttachmentsField, attachmentsProblem } from '@web/features/attachments';
import { currenciesQuery } from '@web/features/currencies';
import { ClosedEventLock, EventLoadState, useEvent, useWhoAmI } from '@web/features/events';
import { offerUndo } from '@web/features/history';
import { amountProblemOf, amountProblemText } from '@web/lib/amount-problem';
import { errorText } from '@web/lib/error-text';
import { ApiError } from '@web/lib/http';
import { leaveSaved } from '@web/lib/leave-guard';
import { formatLocale } from '@web/lib/locale';
import { currencyDecimals, minorToInput } from '@web/lib/money';
import { idInNavigation } from '@web/lib/navigation-state';
import { notify } from '@web/lib/notices';
import { usePageTitle } from '@web/lib/page-title';
import { useQueue } from '@web/offline/command-queue';
import { FormConflict } from '@web/offline/components/form-conflict';
import { paymentBaseIn } from '@web/offline/edit-base';
import { queuedText } from '@web/offline/queued-text';
import { conflictOfError } from '@web/offline/refusal';
import { refusedCommandOf } from '@web/offline/refusal-actions';
import { paymentOnCurrent, refusedPaymentEdit } from '@web/offline/refused-edit';
import { useServerEventAtStart } from '@web/offline/server-event';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useDeletePayment } from '../api/delete-payment';
import { useSavePayment } from '../api/save-payment';

/** Create or edit a person-to-person payment: /event/payment/{eventId}/{paymentId or "new"}. */
export function PaymentFormPage() {
  const { eventId = '', paymentId = 'new' } = useParams();
  const { t } = useTranslation();
  const event = useEvent(eventId);
  const currencies = useQuery(currenciesQuery());
  usePageTitle(paymentId === 'new' ? t('payment.newTitle') : t('payment.editTitle'));
  if (!event.data || !currencies.data) {
    return <EventLoadState error={event.error} heights={[320]} />;
  }
  return (
    <ClosedEventLock event={event.data}>
      {/* Keyed: "Duplicate" opens the new form in the same screen, which starts afresh. */}
      <PaymentForm key={paymentId} event={event.data} paymentId={paymentId} />
    </ClosedEventLock>
  );
}

function PaymentForm(props: { event: Event; paymentId: string }) {
  const { event } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const currencies = useQuery(currenciesQuery()).data ?? [];
  const me = useWhoAmI(event.id);
  // "Edit" on a refused change: the form opens with it, and saving it takes its place.
  const location = useLocation();
  const refusedId = refusedCommandOf(location.state);
  const refused = useQueue().find((command) => command.id === refusedId && command.rejected);
  const save = useSavePayment(event.id, me, refused?.id);
  const remove = useDeletePayment(event.id, me);
  const queryClient = useQueryClient();
  const serverCopy = useServerEventAtStart(event.id);
  const existing = event.payments.find((payment) => payment.id === props.paymentId);
  // What the form opens with, and the server's copy its save is measured against (none: new).
  const [start] = useState(
    () =>
      (refused && refusedPaymentEdit(refused, event)) ?? {
        entry: existing,
        base: paymentBaseIn(serverCopy, props.paymentId),
      },
  );
  const [base, setBase] = useState(start.base);
  // A balance view's "deposit" or "withdraw" opens a new payment filled in: ?from=&to=&amount=.
  const [prefill] = useSearchParams();
  const known = (id: string | null) => (event.users.some((user) => user.id === id) ? id : null);
  const prefillAmount = Number(prefill.get('amount'));
  const formOf = (payment: Payment) => ({
    id: payment.id,
    payerId: payment.payer_id,
    payeeId: payment.payee_id,
    currencyId: payment.currency_id,
    amountText: minorToInput(
      payment.amount,
      currencyDecimals(event, payment.currency_id, currencies),
    ),
    date: payment.date,
    title: payment.title,
    attachments: payment.attachments ?? [],
  });
  // A copy of a payment: "Duplicate" on its form hands over which.
  const duplicate = duplicateOfNavigation(location.state, event);
  const [form, setForm] = useState(() =>
    start.entry
      ? formOf(start.entry)
      : duplicate
        ? {
            ...formOf(duplicate),
            id: crypto.randomUUID(),
            date: todayIn(event.time_zone ?? 'UTC', new Date()),
            // Its files stay with the original alone.
            attachments: [] as Attachment[],
          }
        : {
            id: crypto.randomUUID(),
            payerId: known(prefill.get('from')) ?? me ?? event.users[0]?.id ?? '',
            payeeId:
              known(prefill.get('to')) ?? event.users.find((user) => user.id !== me)?.id ?? '',
            currencyId: event.currency_id,
            amountText:
              Number.isSafeInteger(prefillAmount) && prefillAmount > 0
                ? minorToInput(
                    prefillAmount,
                    currencyDecimals(event, event.currency_id, currencies),
                  )
                : '',
            date: new Date().toISOString().slice(0, 10),
            title: '',
            attachments: [] as Attachment[],
          },
  );
  // What the form opened with: leaving it changed asks first.
  const [opened] = useState(() => JSON.stringify(form));
  const [submitted, setSubmitted] = useState(false);
  if (props.paymentId !== 'new' && !start.entry) {
    return <Alert severity="error">{t('payment.notFound')}</Alert>;
  }

  const decimals = currencyDecimals(event, form.currencyId, currencies);
  const amount = parseAmountOrSum(form.amountText, decimals, formatLocale());
  const problem = amountProblemOf(form.amountText, amount);
  const amountProblem = problem
    ? amountProblemText(problem, { id: form.currencyId, decimals }, t)
    : null;
  const samePerson = form.payerId === form.payeeId ? t('payment.samePerson') : null;
  const server = save.error instanceof ApiError ? save.error.errors : {};
  const update = (change: Partial<typeof form>) => setForm({ ...form, ...change });
  const conflict = conflictOfError(save.error);
  const person = (
    label: string,
    value: string,
    key: 'payerId' | 'payeeId',
    error?: string | null,
  ) => (
    <TextField
      select
      label={label}
      value={value}
      onChange={(change) => update({ [key]: change.target.value })}
      error={Boolean(error)}
      helperText={error ?? ' '}
      sx={{ flex: 1 }}
    >
      {event.users.map((user) => (
        <MenuItem key={user.id} value={user.id}>
          {user.name}
        </MenuItem>
      ))}
    </TextField>
  );

  const send = (body: PaymentBody & { id: string }) =>
    save.mutate(body, {
      onSuccess: (outcome) => {
        notify(
          outcome.queued ? queuedText(t) : existing ? t('payment.saved') : t('payment.created'),
          outcome.queued ? 'info' : 'success',
        );
        // In place of the form: Back then goes to the screen before it, not to the form again.
        leaveSaved(() => void navigate(`/event/${event.id}/home`, { replace: true }));
      },
    });
  const submit = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    setSubmitted(true);
    if (amountProblem || samePerson || amount === null) return;
    send({
      id: form.id,
      payer_id: form.payerId,
      payee_id: form.payeeId,
      amount,
      currency_id: form.currencyId,
      date: form.date,
      title: form.title.trim(),
      attachments: form.attachments,
      base,
    });
  };

  return (
    <FormStack maxWidth={560} onSubmit={submit}>
      <UnsavedChangesGuard dirty={JSON.stringify(form) !== opened} />
      {refused && <Alert severity="info">{t('refusal.editingRefused')}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {person(t('payment.from'), form.payerId, 'payerId', server.payer_id?.[0])}
        {person(
          t('payment.to'),
          form.payeeId,
          'payeeId',
          (submitted && samePerson) || server.payee_id?.[0],
        )}
      </Stack>
      <AmountField
        event={event}
        currencies={currencies}
        amountLabel={t('payment.amount')}
        currencyLabel={t('payment.currency')}
        amountText={form.amountText}
        currencyId={form.currencyId}
        error={(submitted && amountProblem) || server.amount?.[0] || null}
        onAmountChange={(amountText) => update({ amountText })}
        onCurrencyChange={(currencyId) => update({ currencyId })}
      />
      <DateField
        label={t('payment.date')}
        value={form.date}
        onChange={(date) => update({ date })}
        error={Boolean(server.date)}
        helperText={server.date?.[0]}
      />
      <TextField
        label={t('payment.note')}
        value={form.title}
        onChange={(change) => update({ title: change.target.value })}
        slotProps={{ htmlInput: { maxLength: LIMITS.title } }}
        helperText={server.title?.[0] ?? `${form.title.length} / ${LIMITS.title}`}
        error={Boolean(server.title)}
      />
      <AttachmentsField
        eventId={event.id}
        whoAmI={me}
        value={form.attachments}
        onChange={(attachments) => update({ attachments })}
        problem={attachmentsProblem(server)}
      />
      {conflict && save.variables?.base && (
        <FormConflict
          refusal={conflict}
          change={{ kind: 'payment.save', body: save.variables }}
          event={event}
          busy={save.isPending}
          onResend={(change) => change.kind === 'payment.save' && send(change.body)}
          onEdit={() => {
            const sent = save.variables;
            const edit = sent?.base && paymentOnCurrent(sent, sent.base, conflict);
            if (!edit) return;
            setForm(formOf(edit.entry));
            setBase(edit.base);
            save.reset();
          }}
        />
      )}
      {save.error && !conflict && <Alert severity="error">{errorText(save.error, t)}</Alert>}
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" size="large" disabled={save.isPending}>
          {t('payment.save')}
        </Button>
        {existing && (
          <Button
            color="error"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(existing.id, {
                onSuccess: (outcome) => {
                  offerUndo({
                    queryClient,
                    eventId: event.id,
                    whoAmI: me,
                    target: { kind: 'payment', payment: existing },
                    message: outcome.queued ? queuedText(t) : t('payment.deleted'),
                    queued: outcome.queued,
                    t,
                  });
                  leaveSaved(() => void navigate(`/event/${event.id}/home`, { replace: true }));
                },
              })
            }
          >
            {t('payment.delete')}
          </Button>
        )}
        {existing && (
          <Button
            startIcon={<ContentCopyIcon />}
            onClick={() =>
              void navigate(`/event/payment/${event.id}/new`, {
                state: { duplicate: existing.id },
              })
            }
          >
            {t('payment.duplicate')}
          </Button>
        )}
      </Stack>
    </FormStack>
  );
}

/** The payment the form was asked to copy (`{ duplicate: id }`), if the event holds it. */
function duplicateOfNavigation(state: unknown, event: Event): Payment | null {
  const id = idInNavigation(state, 'duplicate');
  return event.payments.find((payment) => payment.id === id) ?? null;
}
