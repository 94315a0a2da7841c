import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { type Event, type ExpenditureBody, LIMITS, type RepeatBody } from '@quits/contract';
import { parseAmountOrSum, todayIn } from '@quits/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AmountField } from '@web/components/amount-field';
import { DateField } from '@web/components/date-field';
import { FormStack } from '@web/components/form-stack';
import { UnsavedChangesGuard } from '@web/components/unsaved-changes-guard';
import { AttachmentsField, attachmentsProblem } from '@web/features/attachments';
import { CategoryField } from '@web/features/categories';
import { currenciesQuery } from '@web/features/currencies';
import { ClosedEventLock, EventLoadState, useEvent, useWhoAmI } from '@web/features/events';
import { offerUndo } from '@web/features/history';
import {
  draftFromReceipt,
  itemisedProblemKey,
  ReceiptFormActions,
  receiptOfNavigation,
} from '@web/features/receipts';
import {
  NO_REPEAT,
  type RepeatDraft,
  RepeatField,
  repeatDraftOf,
  repeatOf,
  useChangeRecurrence,
  useSaveRecurrence,
} from '@web/features/recurring';
import { amountProblemText } from '@web/lib/amount-problem';
import { ApiError } from '@web/lib/http';
import { historyIndex, leaveSaved } from '@web/lib/leave-guard';
import { formatLocale } from '@web/lib/locale';
import { currencyDecimals, formatMoney, minorToInput } from '@web/lib/money';
import { idInNavigation } from '@web/lib/navigation-state';
import { notify } from '@web/lib/notices';
import { usePageTitle } from '@web/lib/page-title';
import { useQueue } from '@web/offline/command-queue';
import { FormConflict } from '@web/offline/components/form-conflict';
import { queuedText } from '@web/offline/queued-text';
import { conflictOfError } from '@web/offline/refusal';
import { refusedCommandOf } from '@web/offline/refusal-actions';
import { expenseOnCurrent } from '@web/offline/refused-edit';
import { useServerEventAtStart } from '@web/offline/server-event';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useDatedRate } from '../api/dated-rate';
import { useDeleteExpense } from '../api/delete-expense';
import { useSaveExpense } from '../api/save-expense';
import { type ExpenseDraft, evaluateDraft, newDraft } from '../expense-draft';
import { tickedByPresence, withDate } from '../expense-draft-presence';
import {
  draftOfDuplicate,
  draftOfEntry,
  draftOfSeries,
  duplicateOfNavigation,
  expenseFormStart,
} from '../expense-form-start';
import { openedFromList } from '../from-list';
import { ExchangeRateSection } from './exchange-rate-section';
import { ExpenseKindField } from './expense-kind-field';
import { PayersField } from './payers-field';
import { SplitField } from './split-field';

/** Create or edit an expense: /event/expense/{eventId}/{expenseId or "new"}. */
export function ExpenseFormPage() {
  const { eventId = '', expenseId = 'new' } = useParams();
  const event = useEvent(eventId);
  const currencies = useQuery(currenciesQuery());
  const { t } = useTranslation();
  // Money received is titled as such as soon as "Received" is chosen.
  const [kind, setKind] = useState<ExpenseDraft['kind']>('expense');
  const income = kind === 'income';
  usePageTitle(
    expenseId === 'new'
      ? t(income ? 'expense.newIncomeTitle' : 'expense.newTitle')
      : t(income ? 'expense.editIncomeTitle' : 'expense.editTitle'),
  );
  if (!event.data || !currencies.data) {
    return <EventLoadState error={event.error} heights={[320]} />;
  }
  return (
    <ClosedEventLock event={event.data}>
      {/* Keyed: "Duplicate" opens the new form in the same screen, which starts afresh. */}
      <ExpenseForm key={expenseId} eventId={eventId} expenseId={expenseId} onKind={setKind} />
    </ClosedEventLock>
  );
}

function ExpenseForm(props: {
  eventId: string;
  expenseId: string;
  onKind(kind: ExpenseDraft['kind']): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const event = useEvent(props.eventId).data;
  const currencies = useQuery(currenciesQuery()).data ?? [];
  const me = useWhoAmI(props.eventId);
  const location = useLocation();
  // "Edit" on a refused change: the form opens with it, and saving it takes its place.
  const refusedId = refusedCommandOf(location.state);
  const refused = useQueue().find((command) => command.id === refusedId && command.rejected);
  const save = useSaveExpense(props.eventId, me, refused?.id);
  // Saved or deleted: back to the list it was opened from, else to the home in the form's place.
  const leave = () =>
    leaveSaved(() =>
      openedFromList(location.state) && (historyIndex() ?? 0) > 0
        ? void navigate(-1)
        : void navigate(`/event/${props.eventId}/home`, { replace: true }),
    );
  const remove = useDeleteExpense(props.eventId, me);
  const queryClient = useQueryClient();
  const serverCopy = useServerEventAtStart(props.eventId);
  // A new expense made from a receipt: the camera screen hands over what it read.
  const receipt = receiptOfNavigation(location.state);
  // A recurring expense to change from a date on: the recurring list hands over which.
  const series = seriesOfNavigation(location.state, event);
  // A copy of an expense: "Duplicate" on its form hands over which.
  const duplicate = duplicateOfNavigation(location.state, event);
  const saveSeries = useSaveRecurrence(props.eventId, me);
  const changeSeries = useChangeRecurrence(props.eventId, me);
  // The id a new or replacing series is sent with, kept so that a second try is the same one.
  const [seriesId] = useState(() => crypto.randomUUID());
  const [repeat, setRepeat] = useState<RepeatDraft>(() =>
    series ? repeatDraftOf(series) : NO_REPEAT,
  );
  const [start] = useState(() =>
    event && props.expenseId !== 'new'
      ? expenseFormStart({
          event,
          server: serverCopy,
          expenseId: props.expenseId,
          refused,
          currencies,
          me,
        })
      : null,
  );
  // The server's copy of the expense the edit is measured against; none for a new one.
  const [base, setBase] = useState(start?.base);
  const [draft, setDraft] = useState<ExpenseDraft | null>(() =>
    !event
      ? null
      : start
        ? start.draft
        : series
          ? draftOfSeries(
              event,
              series,
              currencies,
              me,
              todayIn(event.time_zone ?? 'UTC', new Date()),
            )
          : receipt
            ? draftFromReceipt(event, me, receipt, currencies, t('receipts.defaultTitle'))
            : duplicate
              ? draftOfDuplicate(
                  event,
                  duplicate,
                  currencies,
                  me,
                  todayIn(event.time_zone ?? 'UTC', new Date()),
                )
              : newDraft(event, me),
  );
  // What the form opened with: leaving it changed asks first.
  const [opened] = useState(() => JSON.stringify([draft, repeat]));
  const { onKind } = props;
  const draftKind = draft?.kind ?? 'expense';
  useEffect(() => onKind(draftKind), [onKind, draftKind]);
  const [submitted, setSubmitted] = useState(false);
  // The language decides how typed amounts read, so a switch re-reads them.
  const locale = formatLocale();
  // The rate the expense keeps still holds while its date and currency are the same.
  const saved = event?.expenditures.find((expense) => expense.id === props.expenseId);
  const kept =
    saved && saved.date === draft?.date && saved.currency_id === draft.currencyId
      ? saved.rate
      : null;
  const dated = useDatedRate(event, draft?.currencyId ?? '', draft?.date ?? '', kept);
  const outcome = useMemo(
    () => (draft && event ? evaluateDraft(draft, event, currencies, locale, dated.rate) : null),
    [draft, event, currencies, locale, dated.rate],
  );
  if (!event || !draft || !outcome) return <Alert severity="error">{t('expense.notFound')}</Alert>;

  const currency = {
    id: draft.currencyId,
    decimals: currencyDecimals(event, draft.currencyId, currencies),
  };
  const eventCurrency = event.currency ?? { id: event.currency_id, decimals: 2 };
  const server = save.error instanceof ApiError ? save.error.errors : {};
  const show = (problem: string | undefined, path: string) =>
    (submitted && problem
      ? t(
          problem === 'required' || problem === 'number'
            ? `validation.${problem}`
            : (itemisedProblemKey(problem) ?? `expense.problem.${problem}`),
        )
      : null) ??
    server[path]?.[0] ??
    null;
  const update = (change: Partial<ExpenseDraft>) => setDraft({ ...draft, ...change });
  const dirty = JSON.stringify([draft, repeat]) !== opened;
  const conflict = conflictOfError(save.error);

  const send = (body: ExpenditureBody & { id: string }) =>
    save.mutate(body, {
      onSuccess: (outcome) => {
        notify(
          outcome.queued
            ? queuedText(t)
            : props.expenseId === 'new'
              ? t(body.kind === 'income' ? 'expense.incomeCreated' : 'expense.created')
              : t('expense.saved'),
          outcome.queued ? 'info' : 'success',
        );
        // In place of the form: Back then goes to the screen before it, not to the form again.
        leave();
      },
      onError: () => {
        if (props.expenseId === 'new') notify(t('errors.failedExpense'), 'error');
      },
    });
  const repeating = repeatOf(repeat, draft.date);
  const sendSeries = (expense: ExpenditureBody & { id: string }, body: RepeatBody) => {
    const recurrence = { id: seriesId, expense, repeat: body };
    const done = {
      onSuccess: (outcome: { queued: boolean }) => {
        notify(
          outcome.queued ? queuedText(t) : t('recurring.saved'),
          outcome.queued ? 'info' : 'success',
        );
        leaveSaved(
          () =>
            void navigate(`/event/${props.eventId}/${series ? 'recurring' : 'home'}`, {
              replace: true,
            }),
        );
      },
      onError: () => notify(t('errors.failedExpense'), 'error'),
    };
    if (series) {
      changeSeries.mutate(
        { id: series.id, change: { action: 'replace', replacement: recurrence } },
        done,
      );
    } else saveSeries.mutate(recurrence, done);
  };
  const submit = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    setSubmitted(true);
    if (!outcome.body) return;
    if (repeating.repeat) sendSeries(outcome.body, repeating.repeat);
    else if (!repeating.problem) send({ ...outcome.body, base });
  };

  return (
    <FormStack maxWidth={640} onSubmit={submit}>
      <UnsavedChangesGuard dirty={dirty} />
      {refused && <Alert severity="info">{t('refusal.editingRefused')}</Alert>}
      <ReceiptFormActions
        eventId={props.eventId}
        receiptId={draft.receiptId}
        isNew={props.expenseId === 'new'}
      />
      <ExpenseKindField kind={draft.kind} onChange={(kind) => update({ kind })} />
      <TextField
        label={t('expense.title')}
        value={draft.title}
        required
        onChange={(change) => update({ title: change.target.value })}
        slotProps={{ htmlInput: { maxLength: LIMITS.title } }}
        error={Boolean(show(outcome.problems.title, 'title'))}
        helperText={
          show(outcome.problems.title, 'title') ?? `${draft.title.length} / ${LIMITS.title}`
        }
      />
      <AmountField
        event={event}
        currencies={currencies}
        amountLabel={t('expense.amount')}
        currencyLabel={t('expense.currency')}
        amountText={draft.amountText}
        currencyId={draft.currencyId}
        error={
          (submitted && outcome.problems.amount
            ? amountProblemText(outcome.problems.amount, currency, t)
            : null) ??
          server.amount?.[0] ??
          null
        }
        onAmountChange={(amountText) => update({ amountText })}
        onCurrencyChange={(currencyId) => update({ currencyId })}
      />
      <TextField
        label={t('expense.note')}
        value={draft.desc}
        multiline
        minRows={1}
        onChange={(change) => update({ desc: change.target.value })}
        slotProps={{ htmlInput: { maxLength: LIMITS.description } }}
        error={Boolean(server.desc)}
        helperText={
          server.desc?.[0] ??
          (draft.desc.length > 0 ? `${draft.desc.length} / ${LIMITS.description}` : undefined)
        }
      />
      <AttachmentsField
        eventId={props.eventId}
        whoAmI={me}
        value={draft.attachments}
        onChange={(attachments) => update({ attachments })}
        problem={attachmentsProblem(server)}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateField
          label={t('expense.date')}
          value={draft.date}
          onChange={(date) => setDraft(withDate(draft, event, date))}
          error={Boolean(server.date)}
          helperText={server.date?.[0]}
          sx={{ flex: 1 }}
        />
        <CategoryField
          value={draft.category}
          onChange={(category) => update({ category })}
          sx={{ flex: 1 }}
        />
      </Stack>
      {draft.currencyId !== event.currency_id && (
        <ExchangeRateSection
          draft={draft}
          eventCurrencyId={event.currency_id}
          rate={outcome.rate}
          loading={dated.loading}
          problem={show(outcome.problems.rate, 'rate')}
          onChange={(change) => update(change)}
        />
      )}
      <PayersField
        draft={draft}
        people={event.users}
        left={
          draft.payers.length > 1 && outcome.payersLeft !== 0
            ? t(draft.kind === 'income' ? 'expense.receiversLeft' : 'expense.payersLeft', {
                amount: formatMoney(outcome.payersLeft, currency),
              })
            : (server.payer?.[0] ?? null)
        }
        onChange={(payers) => update({ payers })}
      />
      <SplitField
        draft={draft}
        outcome={outcome}
        people={event.users}
        event={event}
        currency={currency}
        eventCurrency={eventCurrency}
        problem={show(outcome.problems.split, 'participant')}
        // A new split by days present, or a new period, ticks the people there in it.
        onChange={(change) =>
          setDraft(
            (change.mode !== undefined && change.mode !== draft.mode) || change.period !== undefined
              ? tickedByPresence({ ...draft, ...change }, event)
              : { ...draft, ...change },
          )
        }
        onAssignRest={(userId) => {
          const current = draft.shares[userId];
          if (!current) return;
          const typed = parseAmountOrSum(current.weightText, currency.decimals, locale) ?? 0;
          const weightText = minorToInput(
            Math.max(0, typed + outcome.splitLeft),
            currency.decimals,
          );
          update({ shares: { ...draft.shares, [userId]: { ...current, weightText } } });
        }}
      />
      {props.expenseId === 'new' && !refused && (
        <RepeatField
          value={repeat}
          problem={submitted ? repeating.problem : null}
          onChange={setRepeat}
        />
      )}
      {conflict && save.variables?.base && (
        <FormConflict
          refusal={conflict}
          change={{ kind: 'expense.save', body: save.variables }}
          event={event}
          busy={save.isPending}
          onResend={(change) => change.kind === 'expense.save' && send(change.body)}
          onEdit={() => {
            const sent = save.variables;
            if (!sent?.base) return;
            const edit = expenseOnCurrent(sent, sent.base, conflict);
            if (!edit) return;
            setDraft(draftOfEntry(event, edit.entry, currencies, me));
            setBase(edit.base);
            save.reset();
          }}
        />
      )}
      {save.error && !conflict && (
        <Alert severity="error">
          {save.error instanceof ApiError && save.error.status === 0
            ? t('errors.network')
            : t('errors.failedExpense')}
        </Alert>
      )}
      <Stack direction="row" spacing={2}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={save.isPending || saveSeries.isPending || changeSeries.isPending}
        >
          {t('expense.save')}
        </Button>
        {props.expenseId !== 'new' && (
          <Button
            color="error"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(props.expenseId, {
                onSuccess: (outcome) => {
                  const expense = event.expenditures.find((known) => known.id === props.expenseId);
                  offerUndo({
                    queryClient,
                    eventId: props.eventId,
                    whoAmI: me,
                    target: expense ? { kind: 'expense', expense } : null,
                    message: outcome.queued ? queuedText(t) : t('expense.deleted'),
                    queued: outcome.queued,
                    t,
                  });
                  leave();
                },
              })
            }
          >
            {t('expense.delete')}
          </Button>
        )}
        {props.expenseId !== 'new' && (
          <Button
            startIcon={<ContentCopyIcon />}
            onClick={() =>
              void navigate(`/event/expense/${props.eventId}/new`, {
                state: { duplicate: props.expenseId },
              })
            }
          >
            {t('expense.duplicate')}
          </Button>
        )}
      </Stack>
    </FormStack>
  );
}

/** The recurring expense the list asked to change (`{ series: id }`), if it is in the event. */
function seriesOfNavigation(state: unknown, event: Event | undefined) {
  const id = idInNavigation(state, 'series');
  return (
    event?.recurrences?.find((series) => series.id === id && series.next_date !== null) ?? null
  );
}
