import type { ErrorBody } from '@quits/contract';
import type { z } from 'zod';
import { ApiError, apiHeaders } from './http';
import { answerFieldErrors, answerMessage } from './server-words';

/** Status of an answer that is not the one promised (a proxy's page, a broken body). */
const BAD_ANSWER = 502;

export interface UploadOptions {
  whoAmI: string | null;
  /** Headers beside the API's own. */
  headers?: Readonly<Record<string, string>>;
  /** The share sent so far, 0…1. */
  onProgress?(sent: number): void;
  signal?: AbortSignal;
}

/**
 * POSTs one file as multipart/form-data in the field `field` and answers the `data` of the
 * answer, checked by `schema`; a refusal rejects with an ApiError worded in the person's
 * language, and status 0 means the network failed, as with apiRequest. Sent with
 * XMLHttpRequest rather than fetch because only it reports upload progress.
 */
export function uploadFile<T>(
  url: string,
  upload: {
    field: string;
    file: Blob;
    filename: string;
    schema: z.ZodType<T>;
    /** Text fields sent before the file. */
    fields?: Readonly<Record<string, string>>;
  },
  options: UploadOptions,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    // No Content-Type: the browser writes the multipart one, with its boundary.
    const headers = { ...apiHeaders(options.whoAmI), ...options.headers };
    for (const [name, value] of Object.entries(headers)) {
      request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (progress) => {
      if (progress.lengthComputable && progress.total > 0) {
        options.onProgress?.(progress.loaded / progress.total);
      }
    };
    request.onload = () => {
      try {
        resolve(readAnswer(request, upload.schema));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => reject(new ApiError(0, 'network'));
    request.ontimeout = () => reject(new ApiError(0, 'network'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields ?? {})) form.append(name, value);
    form.append(upload.field, upload.file, upload.filename);
    request.send(form);
  });
}

/** Reads the body of a finished upload: its data, or the server's reason as an ApiError. */
function readAnswer<T>(request: XMLHttpRequest, schema: z.ZodType<T>): T {
  let payload: ({ data?: unknown } & Partial<ErrorBody>) | null;
  try {
    payload = JSON.parse(request.responseText) as typeof payload;
  } catch {
    payload = null;
  }
  if (request.status < 200 || request.status >= 300) {
    throw new ApiError(
      request.status,
      answerMessage(payload, request.statusText),
      answerFieldErrors(payload),
    );
  }
  const data = schema.safeParse(payload?.data);
  if (!data.success) throw new ApiError(BAD_ANSWER, 'The answer could not be read.');
  return data.data;
}
