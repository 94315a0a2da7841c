import { Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { ExpenseKind } from '@quits/contract';
import { useTranslation } from 'react-i18next';

const KINDS: readonly ExpenseKind[] = ['expense', 'income'];

/**
 * Spent or received: an income (a refund, a deposit back, winnings) is entered on the same form,
 * its "payers" being who received the money and its split who it belongs to.
 */
export function ExpenseKindField(props: { kind: ExpenseKind; onChange(kind: ExpenseKind): void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5}>
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        color="primary"
        value={props.kind}
        onChange={(_event, kind: ExpenseKind | null) => kind && props.onChange(kind)}
        aria-label={t('expense.kindLabel')}
      >
        {KINDS.map((kind) => (
          <ToggleButton key={kind} value={kind}>
            {t(`expense.kind.${kind}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {props.kind === 'income' && (
        <Typography variant="body2" color="text.secondary">
          {t('expense.incomeHelp')}
        </Typography>
      )}
    </Stack>
  );
}
