import { Alert, AlertTitle, Box, Button, Stack } from '@mui/material';
import type { EditConflict } from '@quits/contract';
import { conflictLine, sharedChangeTime, type WordingContext } from '@web/offline/refusal-words';
import type { Keep } from '@web/offline/settle-change';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Another device changed the same fields meanwhile: each field with both values and who made the
 * other change, and the person's choice — keep mine, keep theirs, or edit (the form, filled with
 * the server's entry and this device's changes on top). The same in the sync list and in a form
 * whose direct save was refused. `children` are further actions (the sync list's "Discard").
 */
export function ConflictChoice(props: {
  conflicts: readonly EditConflict[];
  /** The entry's currency, for the amounts of payer and participant lines. */
  currencyId: string;
  wording: WordingContext;
  busy?: boolean;
  onKeep(keep: Keep): void;
  onEdit?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  // One change on the other side made them all: its time is said once, under the title.
  const at = sharedChangeTime(props.conflicts);
  return (
    <Alert severity="warning" role="group" aria-label={t('refusal.conflict.title')}>
      <AlertTitle sx={at ? { mb: 0 } : undefined}>{t('refusal.conflict.title')}</AlertTitle>
      {at && (
        <Box sx={{ typography: 'body2', mb: 1 }}>
          {t('refusal.conflict.changedAt', { time: props.wording.moment(at) })}
        </Box>
      )}
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {props.conflicts.map((conflict) => (
          <li key={conflict.field}>
            {conflictLine(conflict, props.currencyId, props.wording, at === null)}
          </li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          size="small"
          disabled={props.busy}
          onClick={() => props.onKeep('mine')}
        >
          {t('refusal.keepMine')}
        </Button>
        <Button
          variant="outlined"
          size="small"
          disabled={props.busy}
          onClick={() => props.onKeep('theirs')}
        >
          {t('refusal.keepTheirs')}
        </Button>
        {props.onEdit && (
          <Button size="small" disabled={props.busy} onClick={props.onEdit}>
            {t('refusal.edit')}
          </Button>
        )}
        {props.children}
      </Stack>
    </Alert>
  );
}
