import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { User } from '@quits/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExpenseDraft } from '../expense-draft';

/**
 * Who paid: one person pays it all, or several with an amount each. For money received, the
 * same field says who received it.
 */
export function PayersField(props: {
  draft: ExpenseDraft;
  people: readonly User[];
  left: string | null;
  onChange(payers: ExpenseDraft['payers']): void;
}) {
  const { t } = useTranslation();
  const { payers } = props.draft;
  const received = props.draft.kind === 'income';
  const unused = props.people.filter((person) => !payers.some((line) => line.userId === person.id));
  const update = (index: number, change: Partial<ExpenseDraft['payers'][number]>) =>
    props.onChange(payers.map((line, at) => (at === index ? { ...line, ...change } : line)));
  // Adding or removing a payer takes away the button that did it ("Add a payer" once everyone
  // pays, the last "Remove"): focus goes to the payer field of the row added or now in its place.
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    if (focusRow.current === null || payers.length === 0) return;
    const fields = fieldset.current?.querySelectorAll<HTMLElement>('[role="combobox"]');
    fields?.[Math.min(focusRow.current, payers.length - 1)]?.focus();
    focusRow.current = null;
  }, [payers]);

  return (
    <Stack ref={fieldset} spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1">
        {received ? t('expense.receivedBy') : t('expense.paidBy')}
      </Typography>
      {payers.map((line, index) => (
        // By position, not by person: choosing another payer keeps the field, and its focus.
        // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place in the list
        <Stack key={index} direction="row" spacing={1} alignItems="flex-start">
          <TextField
            select
            label={received ? t('expense.receiver') : t('expense.payer')}
            value={line.userId}
            onChange={(change) => update(index, { userId: change.target.value })}
            sx={{ flex: 1 }}
          >
            {props.people
              .filter((person) => person.id === line.userId || unused.includes(person))
              .map((person) => (
                <MenuItem key={person.id} value={person.id}>
                  {person.name}
                </MenuItem>
              ))}
          </TextField>
          {payers.length > 1 && (
            <>
              <TextField
                label={received ? t('expense.received') : t('expense.paid')}
                value={line.amountText}
                onChange={(change) => update(index, { amountText: change.target.value })}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                sx={{ width: 120 }}
              />
              <IconButton
                aria-label={t(received ? 'expense.removeReceiver' : 'expense.removePayer', {
                  name: props.people.find((p) => p.id === line.userId)?.name,
                })}
                onClick={() => {
                  focusRow.current = index;
                  props.onChange(payers.filter((_line, at) => at !== index));
                }}
                sx={{ mt: 1 }}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </>
          )}
        </Stack>
      ))}
      {props.left && (
        <Typography color="error" variant="body2" role="status">
          {props.left}
        </Typography>
      )}
      {unused.length > 0 && (
        <Button
          startIcon={<AddIcon />}
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => {
            focusRow.current = payers.length;
            props.onChange([...payers, { userId: unused[0]?.id ?? '', amountText: '' }]);
          }}
        >
          {received ? t('expense.addReceiver') : t('expense.addPayer')}
        </Button>
      )}
    </Stack>
  );
}
