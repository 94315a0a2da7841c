import { Button, Checkbox, Stack, TextField, Typography } from '@mui/material';
import type { Currency, Event, User } from '@quits/contract';
import { Amount } from '@web/components/amount';
import { ItemisedSplitField } from '@web/features/receipts';
import { formatDate } from '@web/lib/locale';
import { formatMoney } from '@web/lib/money';
import { useTranslation } from 'react-i18next';
import type { DraftMode, DraftOutcome, ExpenseDraft } from '../expense-draft';
import { leftOutByPresence } from '../expense-draft-presence';
import { DaysPeriodField } from './days-period-field';
import { SplitModePicker } from './split-mode-picker';

/** A new mode starts from its natural weights: one share each, or nothing typed yet. */
function withDefaultWeights(
  shares: ExpenseDraft['shares'],
  mode: Exclude<DraftMode, 'items'>,
): ExpenseDraft['shares'] {
  const weightText = mode === 'shares' || mode === 'evenly' || mode === 'days' ? '1' : '';
  return Object.fromEntries(
    Object.entries(shares).map(([userId, share]) => [userId, { ...share, weightText }]),
  );
}

/** For whom: split evenly, by shares, by percent or by exact amounts, with a live remainder. */
export function SplitField(props: {
  draft: ExpenseDraft;
  outcome: DraftOutcome;
  people: readonly User[];
  event: Event;
  currency: Pick<Currency, 'id' | 'decimals'>;
  eventCurrency: Pick<Currency, 'id' | 'decimals'>;
  problem: string | null;
  onChange(
    change: Partial<Pick<ExpenseDraft, 'mode' | 'shares' | 'items' | 'period' | 'followsPresence'>>,
  ): void;
  onAssignRest(userId: string): void;
}) {
  const { t } = useTranslation();
  const { draft, outcome } = props;
  const foreign = props.currency.id !== props.eventCurrency.id;
  const setShare = (userId: string, change: Partial<ExpenseDraft['shares'][string]>) => {
    const current = draft.shares[userId] ?? { included: false, weightText: '' };
    props.onChange({
      mode: draft.mode,
      shares: { ...draft.shares, [userId]: { ...current, ...change } },
      // Ticked by hand: a change of date no longer re-ticks by presence.
      ...(change.included !== undefined && { followsPresence: false }),
    });
  };
  const leftOut = leftOutByPresence(draft, props.event);
  const firstIncluded = props.people.find((person) => draft.shares[person.id]?.included);

  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1">
        {t('expense.forWhom')}
      </Typography>
      <SplitModePicker
        mode={draft.mode}
        hasItems={draft.items.length > 0}
        onChange={(mode) =>
          props.onChange(
            // The split by the receipt's items has no weights: the ones typed are left as they are.
            mode === 'items' ? { mode } : { mode, shares: withDefaultWeights(draft.shares, mode) },
          )
        }
      />
      {draft.mode === 'items' && (
        <ItemisedSplitField
          items={draft.items}
          outcome={outcome}
          people={props.people}
          currency={props.currency}
          eventCurrency={props.eventCurrency}
          onChange={(items) => props.onChange({ items })}
        />
      )}
      {draft.mode === 'days' && (
        <DaysPeriodField period={draft.period} onChange={(period) => props.onChange({ period })} />
      )}
      {draft.mode !== 'items' &&
        props.people.map((person) => {
          const share = draft.shares[person.id] ?? { included: false, weightText: '' };
          const computed = outcome.perPerson.find((line) => line.userId === person.id);
          return (
            <Stack key={person.id} direction="row" spacing={1} alignItems="center">
              <Checkbox
                checked={share.included}
                onChange={(_event, included) => setShare(person.id, { included })}
                slotProps={{
                  input: { 'aria-label': t('expense.includes', { name: person.name }) },
                }}
              />
              <Stack sx={{ flex: 1, minWidth: 0 }}>
                <Typography noWrap>{person.name}</Typography>
                {draft.mode === 'days' && share.included && (
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {t('presence.days', { count: outcome.days[person.id] ?? 0 })}
                  </Typography>
                )}
              </Stack>
              {draft.mode !== 'evenly' && share.included && (
                <TextField
                  size="small"
                  value={share.weightText}
                  onChange={(change) => setShare(person.id, { weightText: change.target.value })}
                  slotProps={{
                    htmlInput: {
                      inputMode: 'decimal',
                      'aria-label': t(`expense.weight.${draft.mode}`, { name: person.name }),
                    },
                  }}
                  sx={{ width: 96 }}
                />
              )}
              <Typography
                sx={{ minWidth: 104, textAlign: 'right' }}
                color="text.secondary"
                variant="body2"
              >
                {computed ? (
                  <Amount>
                    {formatMoney(
                      foreign ? computed.inEventCurrency : computed.amount,
                      foreign ? props.eventCurrency : props.currency,
                    )}
                  </Amount>
                ) : (
                  '—'
                )}
              </Typography>
            </Stack>
          );
        })}
      {leftOut.length > 0 && (
        <Typography variant="body2" color="text.secondary" role="note">
          {t('presence.leftOut', {
            date: formatDate(draft.date),
            names: leftOut.map((person) => person.name).join(', '),
          })}
        </Typography>
      )}
      {draft.mode === 'exact' && outcome.splitLeft !== 0 && (
        <Stack direction="row" spacing={2} alignItems="center">
          <Typography color="error" variant="body2" role="status">
            {t('expense.leftToAssign', { amount: formatMoney(outcome.splitLeft, props.currency) })}
          </Typography>
          {firstIncluded && (
            <Button size="small" onClick={() => props.onAssignRest(firstIncluded.id)}>
              {t('expense.assignRest', { name: firstIncluded.name })}
            </Button>
          )}
        </Stack>
      )}
      {props.problem && (
        <Typography color="error" variant="body2" role="alert">
          {props.problem}
        </Typography>
      )}
    </Stack>
  );
}
