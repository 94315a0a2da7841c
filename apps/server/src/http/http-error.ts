import {
  type CodedMessage,
  type ErrorBody,
  englishOf,
  type MessageCode,
  type MessageParams,
} from '@quits/contract';

/** Field paths (`payer.0.amount`) to the messages a person can act on. */
export type FieldErrors = Record<string, CodedMessage[]>;

/** A message of the catalogue (`SERVER_MESSAGES`), with what fills it. */
export function say(code: MessageCode, params?: MessageParams): CodedMessage {
  return params === undefined ? { code } : { code, params };
}

/**
 * An answer the client caused and can act on; the error handler sends it with its English text
 * and its code, which the app words in the person's language.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly said: CodedMessage,
    readonly errors: FieldErrors = {},
    /** More of the answer beside `message` and `errors` (a deleted event's dates). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(englishOf(said));
    this.name = 'HttpError';
  }
}

export type NotFoundWhat =
  | 'event'
  | 'person'
  | 'expense'
  | 'payment'
  | 'receipt'
  | 'recurrence'
  | 'attachment';

export function notFound(what: NotFoundWhat): HttpError {
  return new HttpError(404, say(`${what}_not_found`));
}

export function unprocessable(errors: FieldErrors, said = say('invalid_data')): HttpError {
  return new HttpError(422, said, errors);
}

export function conflict(said: CodedMessage, errors: FieldErrors = {}): HttpError {
  return new HttpError(409, said, errors);
}

/** The answer's body: the English texts, and the codes the app words. */
export function bodyOf(
  said: CodedMessage,
  errors: FieldErrors = {},
  english: Record<string, string[]> = {},
): ErrorBody {
  const texts = Object.fromEntries(
    Object.entries(errors).map(([path, messages]) => [
      path,
      messages.map((message, index) => english[path]?.[index] ?? englishOf(message)),
    ]),
  );
  return {
    message: englishOf(said),
    errors: texts,
    code: said.code,
    ...(said.params ? { params: said.params } : {}),
    error_codes: errors,
  };
}
