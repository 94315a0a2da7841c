import { Alert, Box, Button, Stack } from '@mui/material';
import { localEvent } from '@web/features/events/local-events';
import { errorText } from '@web/lib/error-text';
import { notify } from '@web/lib/notices';
import { removeCommands } from '@web/offline/command-queue';
import type { Command } from '@web/offline/commands';
import { isConflict } from '@web/offline/refusal';
import {
  editRoute,
  type RefusedEditState,
  restoreAndApply,
  settleRefused,
} from '@web/offline/refusal-actions';
import { refusalLines } from '@web/offline/refusal-words';
import type { Keep } from '@web/offline/settle-change';
import { useWording } from '@web/offline/use-wording';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConflictChoice } from './conflict-choice';

/**
 * A change the server refused, with why in words and what the person can do: settle a conflict,
 * restore an entry deleted meanwhile and apply the edit, open the change in its form, or discard.
 */
export function RefusedChange(props: { command: Command; onNavigate(): void }) {
  const { command } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wording = useWording(localEvent(command.eventId));
  const [busy, setBusy] = useState(false);
  const refusal = command.rejected;
  if (!refusal) return null;

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      notify(error instanceof Error ? errorText(error, t) : String(error), 'error');
    } finally {
      setBusy(false);
    }
  };
  const route = editRoute(command);
  const edit = route
    ? () => {
        const state: RefusedEditState = { refusedCommand: command.id };
        props.onNavigate();
        navigate(route, { state });
      }
    : undefined;
  const discard = (
    <Button
      color="error"
      size="small"
      disabled={busy}
      onClick={() => void removeCommands(new Set([command.id]))}
    >
      {t('sync.discard')}
    </Button>
  );

  if (isConflict(refusal)) {
    const { change } = command;
    const currencyId =
      change.kind === 'expense.save' || change.kind === 'payment.save'
        ? (change.body.currency_id ?? '')
        : '';
    return (
      <ConflictChoice
        conflicts={refusal.conflicts}
        currencyId={currencyId}
        wording={wording}
        busy={busy}
        onKeep={(keep: Keep) => void act(() => settleRefused(command, keep))}
        onEdit={edit}
      >
        {discard}
      </ConflictChoice>
    );
  }
  const restorable = refusal.code === 'entry_deleted' && route !== null;
  return (
    <Alert severity="error">
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {refusalLines(command, wording).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        {restorable && (
          <Button
            variant="contained"
            size="small"
            disabled={busy}
            onClick={() => void act(() => restoreAndApply(command))}
          >
            {t('refusal.restoreAndApply')}
          </Button>
        )}
        {!restorable && edit && (
          <Button variant="contained" size="small" disabled={busy} onClick={edit}>
            {t('refusal.edit')}
          </Button>
        )}
        {discard}
      </Stack>
    </Alert>
  );
}
