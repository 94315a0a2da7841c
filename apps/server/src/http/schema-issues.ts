import {
  type CodedMessage,
  isMessageCode,
  MESSAGE_CODES,
  type MessageCode,
  type MessageParams,
  SERVER_MESSAGES,
} from '@quits/contract';
import { say } from './http-error';

/** The catalogue's fixed texts (no placeholders) by their English: the schemas write these. */
const BY_TEXT = new Map<string, MessageCode>(
  MESSAGE_CODES.filter((code) => !SERVER_MESSAGES[code].includes('{{')).map((code) => [
    SERVER_MESSAGES[code],
    code,
  ]),
);

type Bounds = 'min' | 'max';

/** A bound's message by what was measured: text, a number, a list. */
function bounded(origin: unknown, bound: Bounds, value: unknown): CodedMessage {
  const number = typeof value === 'number' || typeof value === 'bigint' ? Number(value) : null;
  if (number === null) return say('invalid_value');
  const params = { [bound]: number };
  if (origin === 'string') {
    return bound === 'min' && number === 1
      ? say('required')
      : say(bound === 'min' ? 'too_short' : 'too_long', params);
  }
  if (origin === 'array' || origin === 'set')
    return say(bound === 'min' ? 'list_too_short' : 'list_too_long', params);
  return say(bound === 'min' ? 'too_small' : 'too_large', params);
}

/**
 * The catalogue's message for one issue the request's schema found: the schema's own text when it
 * is one of the catalogue's, else a message by the kind of issue (too long, wrong type…) with the
 * bound the schema set.
 */
export function codedIssue(
  kind: string,
  message: string | undefined,
  params: Readonly<Record<string, unknown>> = {},
): CodedMessage {
  // A check of the schema's own can say its message by code, with what fills it.
  const own = params.params as { code?: unknown; params?: MessageParams } | undefined;
  if (isMessageCode(own?.code)) return say(own.code, own.params);
  const known = message === undefined ? undefined : BY_TEXT.get(message);
  if (known) return say(known);
  switch (kind) {
    case 'too_small':
      return bounded(params.origin, 'min', params.minimum);
    case 'too_big':
      return bounded(params.origin, 'max', params.maximum);
    case 'invalid_type':
      // Zod leaves the value out of its issues; its English says when there was none.
      return /received undefined$/.test(message ?? '') ? say('required') : say('invalid_type');
    case 'invalid_format':
    case 'invalid_union':
      return say('invalid_format');
    case 'unrecognized_keys':
      return say('unknown_field');
    default:
      return say('invalid_value');
  }
}
