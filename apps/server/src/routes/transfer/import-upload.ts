import {
  IMPORT_FILE_FIELD,
  IMPORT_MAX_BYTES,
  type ImportUploadFields,
  importUploadFieldsSchema,
} from '@quits/contract';
import type { UploadWords } from '@server/http/file-upload';
import { type FieldErrors, HttpError, say } from '@server/http/http-error';
import { codedIssue } from '@server/http/schema-issues';
import type { FastifyRequest } from 'fastify';

/** An import's upload problems speak of a file, as an attachment's do. */
const WORDS: UploadWords = {
  notMultipart: 'file_not_multipart',
  formUnreadable: 'file_form_unreadable',
  missing: 'file_missing',
  asFile: 'file_as_file',
  empty: 'file_empty',
  tooLarge: 'file_too_large',
  oneAtATime: 'file_one_at_a_time',
};

export interface ImportUpload {
  bytes: Buffer;
  fileName: string;
  fields: ImportUploadFields;
}

/**
 * The file and fields of a multipart import. The parser stops a file past the size limit before
 * it is read whole (413); every way the form can be wrong is a 4xx that says how.
 */
export async function readImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  const texts: Record<string, string> = {};
  let file: { bytes: Buffer; fileName: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== IMPORT_FILE_FIELD) {
          part.file.resume();
          continue;
        }
        file = { bytes: await part.toBuffer(), fileName: part.filename ?? '' };
      } else if (typeof part.value === 'string') {
        texts[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (file === null) {
    throw new HttpError(422, say(WORDS.missing), {
      [IMPORT_FILE_FIELD]: [say(WORDS.asFile, { field: IMPORT_FILE_FIELD })],
    });
  }
  if (file.bytes.length === 0) {
    throw new HttpError(422, say(WORDS.empty), { [IMPORT_FILE_FIELD]: [say('file_empty')] });
  }
  // An empty field is a field left out (a form sends its empty inputs).
  const given = Object.fromEntries(
    Object.entries(texts).filter(([, value]) => value.trim() !== ''),
  );
  const fields = importUploadFieldsSchema.safeParse(given);
  if (!fields.success) {
    const errors: FieldErrors = {};
    for (const issue of fields.error.issues) {
      const key = issue.path.join('.') || 'body';
      const coded = codedIssue(
        issue.code,
        issue.message,
        issue as unknown as Record<string, unknown>,
      );
      errors[key] = [...(errors[key] ?? []), coded];
    }
    throw new HttpError(422, say('invalid_data'), errors);
  }
  return { ...file, fields: fields.data };
}

function uploadError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new HttpError(413, say(WORDS.tooLarge, { megabytes: IMPORT_MAX_BYTES / (1024 * 1024) }));
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, say(WORDS.oneAtATime));
  }
  return new HttpError(400, say(WORDS.formUnreadable, { field: IMPORT_FILE_FIELD }));
}
