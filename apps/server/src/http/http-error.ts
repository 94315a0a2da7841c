/** Field paths (`payer.0.amount`) to the messages a person can act on. */
export type FieldErrors = Record<string, string[]>;

/** An answer the client caused and can act on; the error handler sends it as it is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: FieldErrors = {},
    /** More of the answer beside `message` and `errors` (a deleted event's dates). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const INVALID_DATA = 'The given data was invalid.';

export function notFound(what: string): HttpError {
  return new HttpError(404, `This ${what} does not exist, or it was deleted.`);
}

export function unprocessable(errors: FieldErrors, message = INVALID_DATA): HttpError {
  return new HttpError(422, message, errors);
}

export function conflict(message: string, errors: FieldErrors = {}): HttpError {
  return new HttpError(409, message, errors);
}
