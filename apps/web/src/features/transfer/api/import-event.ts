import {
  type Event,
  eventSchema,
  IMPORT_FILE_FIELD,
  type ImportPreview,
  importPreviewSchema,
} from '@quits/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventKeys, rememberEvent } from '@web/features/events';
import { apiUrl } from '@web/lib/base-path';
import { creationPasswordHeaders } from '@web/lib/creation-password';
import { uploadFile } from '@web/lib/file-upload';

/** A file to import as it was exported, and the new event's name and currency when chosen. */
export interface ImportRequest {
  file: File;
  name?: string;
  currency_id?: string;
}

const upload = <T>(
  url: string,
  request: ImportRequest,
  schema: ImportSchema<T>,
  headers: Readonly<Record<string, string>> = {},
) => {
  const fields: Record<string, string> = {};
  if (request.name) fields.name = request.name;
  if (request.currency_id) fields.currency_id = request.currency_id;
  return uploadFile(
    url,
    { field: IMPORT_FILE_FIELD, file: request.file, filename: request.file.name, schema, fields },
    { whoAmI: null, headers },
  );
};
type ImportSchema<T> = Parameters<typeof uploadFile<T>>[1]['schema'];

/**
 * POST /events/import?dry_run=true with the file (multipart): what it would create, its format
 * as the server told it apart, nothing written.
 */
export const useImportPreview = () =>
  useMutation({
    mutationFn: (request: ImportRequest): Promise<ImportPreview> =>
      upload(apiUrl('/events/import?dry_run=true'), request, importPreviewSchema),
  });

/**
 * POST /events/import: the new event, at once in this device's list of events (and the active
 * one), as creating an event puts it there. Needs the network: an import is one transaction.
 */
export function useImportEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ImportRequest): Promise<Event> =>
      // Creating the event may need the server's password; a preview never does.
      upload(apiUrl('/events/import'), request, eventSchema, creationPasswordHeaders()),
    onSuccess: (event) => {
      rememberEvent(event);
      queryClient.setQueryData(eventKeys.detail(event.id), event);
    },
  });
}
