import type { MessageCode } from '@quits/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError, say } from './http-error';

/** How an upload's problems are worded: of a photo ("the photo is empty") or of any file. */
export interface UploadWords {
  notMultipart: MessageCode;
  formUnreadable: MessageCode;
  missing: MessageCode;
  asFile: MessageCode;
  empty: MessageCode;
  tooLarge: MessageCode;
  oneAtATime: MessageCode;
}

/**
 * The multipart parser's limits for a route that takes one file of at most `maxBytes`: a
 * second file, or a body of many small parts, is refused before it is read whole.
 */
export function oneFileLimits(maxBytes: number) {
  return {
    fileSize: maxBytes,
    files: 1,
    fields: 10,
    parts: 20,
    fieldSize: 1_024,
    headerPairs: 100,
  };
}

export interface UploadedFile {
  bytes: Buffer;
  /** The name the sender gave it; only ever shown, never used as a path. */
  filename: string;
}

/**
 * The one file of a multipart upload, in the field `field`. Every way an upload can be wrong is
 * a 4xx with a message: not multipart (415), cut off or malformed (400), no file or another
 * field (422), empty (422), over `maxBytes` or more than one file (413). The multipart parser's
 * own limits (registered with the route) must match `maxBytes` and allow one file.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  options: { field: string; maxBytes: number; words: UploadWords },
): Promise<UploadedFile> {
  const { field, words } = options;
  if (!request.isMultipart()) throw new HttpError(415, say(words.notMultipart, { field }));
  let file: UploadedFile | null = null;
  try {
    // Every part is read, so that a second file hits the parser's one-file limit.
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field) {
        part.file.resume();
        continue;
      }
      file = { bytes: await part.toBuffer(), filename: part.filename ?? '' };
    }
  } catch (error) {
    throw asUploadError(error, options);
  }
  if (file === null) {
    throw new HttpError(422, say(words.missing), { [field]: [say(words.asFile, { field })] });
  }
  if (file.bytes.length === 0) {
    throw new HttpError(422, say(words.empty), { [field]: [say('file_empty')] });
  }
  return file;
}

/** The parser's own failures, as answers a person can act on. */
function asUploadError(
  error: unknown,
  options: { field: string; maxBytes: number; words: UploadWords },
): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const megabytes = options.maxBytes / (1024 * 1024);
    return new HttpError(413, say(options.words.tooLarge, { megabytes }));
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, say(options.words.oneAtATime));
  }
  return new HttpError(400, say(options.words.formUnreadable, { field: options.field }));
}
