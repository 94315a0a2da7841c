import type { Event, ImportPreview } from '@quits/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventKeys, rememberEvent } from '@web/features/events';
import { apiRequest } from '@web/lib/http';

/** What POST /events/import takes: our JSON export as it is, or a Splitwise CSV wrapped. */
export type ImportBody =
  | Record<string, unknown>
  | { format: 'splitwise-csv'; name: string; currency_id?: string; csv: string };

/** POST /events/import?dry_run=true: what the file would create, nothing written. */
export const useImportPreview = () =>
  useMutation({
    mutationFn: (body: ImportBody) =>
      apiRequest<ImportPreview>('/events/import?dry_run=true', { method: 'POST', body }),
  });

/**
 * POST /events/import: the new event, at once in this device's list of events (and the active
 * one), as creating an event puts it there. Needs the network: an import is one transaction.
 */
export function useImportEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportBody) => apiRequest<Event>('/events/import', { method: 'POST', body }),
    onSuccess: (event) => {
      rememberEvent(event);
      queryClient.setQueryData(eventKeys.detail(event.id), event);
    },
  });
}
