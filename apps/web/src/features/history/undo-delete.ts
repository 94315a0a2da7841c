import type { QueryClient } from '@tanstack/react-query';
import { errorText } from '@web/lib/error-text';
import { notify } from '@web/lib/notices';
import { queuedText } from '@web/offline/queued-text';
import type { TFunction } from 'i18next';
import { type RestoreTarget, restoreEntry } from './api/restore-entry';

/**
 * Says that an expense or payment was deleted, with "Undo" beside it, which restores it. The
 * deletion is soft, so the undo is a restore like the history's: queued when offline.
 */
export function offerUndo(options: {
  queryClient: QueryClient;
  eventId: string;
  whoAmI: string | null;
  /** What was deleted; null when this device never saw it (then there is nothing to undo). */
  target: RestoreTarget | null;
  /** What the notice says: "Expense deleted", or "kept on this device" when queued. */
  message: string;
  queued: boolean;
  t: TFunction;
}): void {
  const { queryClient, eventId, whoAmI, target, t } = options;
  const severity = options.queued ? 'info' : 'success';
  if (!target) {
    notify(options.message, severity);
    return;
  }
  const undo = async () => {
    try {
      const outcome = await restoreEntry(queryClient, eventId, whoAmI, target);
      notify(
        outcome.queued
          ? queuedText(t)
          : target.kind === 'expense'
            ? t('history.expenseRestored', { title: target.expense.title })
            : t('history.paymentRestored'),
        outcome.queued ? 'info' : 'success',
      );
    } catch (error) {
      notify(errorText(error instanceof Error ? error : new Error(String(error)), t), 'error');
    }
  };
  notify(options.message, severity, {
    action: { label: t('history.undo'), run: () => void undo() },
  });
}
