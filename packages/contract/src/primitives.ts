import { z } from 'zod';
import { isUnguessableEventId } from './event-id';
import { LIMITS } from './limits';
import { cleanLine, cleanName, cleanText } from './text-rules';

/** An event id is the secret in the event's link: ≥ 128 random bits, URL-safe base64. */
export const eventIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22,64}$/, 'An event id is 22 to 64 letters, digits, "-" or "_".');

/** An id a client proposes for the event it creates: random as well as long enough. */
export const proposedEventIdSchema = eventIdSchema.refine(isUnguessableEventId, {
  message:
    'This id is too easy to guess; an event id must be random, such as 16 random bytes in base64url.',
});

/** People, expenses and payments carry client-generated UUIDs so replays apply once. */
export const uuidSchema = z.uuid({ message: 'Must be a UUID.' });

export const currencyCodeSchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'Must be a three-letter ISO 4217 currency code, such as EUR.');

/** A calendar date; the years are bounded so that no database refuses it. */
export const isoDateSchema = z.iso
  .date({ message: 'Must be a date written as YYYY-MM-DD.' })
  .refine((date) => date >= '1900-01-01' && date <= '2199-12-31', {
    message: 'Must be a date between 1900 and 2199.',
  });

/** PostgreSQL cannot store the NUL character in text; no person types it either. */
const hasNoNul = (text: string) => !text.includes('\u0000');
const NUL_MESSAGE = 'Must not contain the NUL character.';

/**
 * Half of a surrogate pair is not a character: it has no UTF-8 form, and PostgreSQL refuses
 * it in the JSON of the history. Only a broken client sends one.
 */
const isWellFormed = (text: string) => !/\p{Cs}/u.test(text);
const UNICODE_MESSAGE = 'Must be valid Unicode text (half of a surrogate pair was sent).';

/** A positive amount in minor units of its currency. */
export const amountSchema = z
  .number({ message: 'Must be a number.' })
  .int('Must be a whole number of cents (minor units).')
  .min(1, 'Must be more than zero.')
  .max(LIMITS.maxAmount, `Must be at most ${LIMITS.maxAmount} minor units.`);

/** One person's part of an amount, in minor units; zero is allowed (a zero weight). */
export const shareAmountSchema = z
  .number({ message: 'Must be a number.' })
  .int('Must be a whole number of cents (minor units).')
  .min(0, 'Must not be negative.')
  .max(LIMITS.maxAmount, `Must be at most ${LIMITS.maxAmount} minor units.`);

/**
 * Text as it is kept: cleaned by `clean` (invisible and bidirectional-control characters
 * dropped, see text-rules.ts), trimmed, and checked. Every text field goes through this, typed
 * or imported.
 */
function text(max: number, clean: (text: string) => string) {
  return z
    .string({ message: 'Must be text.' })
    .overwrite(clean)
    .trim()
    .refine(hasNoNul, NUL_MESSAGE)
    .refine(isWellFormed, UNICODE_MESSAGE)
    .max(max, `Must be at most ${max} characters.`);
}

/** Clean, trimmed, required text of one line (a title, a name) of at most `max` characters. */
export function requiredText(max: number) {
  return text(max, cleanLine).min(1, 'Please fill out to continue.');
}

/** Clean, trimmed text of one line of at most `max` characters, possibly empty; absent is empty. */
export function optionalLine(max: number) {
  return text(max, cleanLine).default('');
}

/** Clean, trimmed text of at most `max` characters, possibly empty. */
export function boundedText(max: number) {
  return text(max, cleanText);
}

/**
 * A person's name: required, and in compatibility form (NFKC), so that look-alike forms
 * (full-width letters, ligatures) become the letters they look like and compare as such.
 */
export const personNameSchema = text(LIMITS.personName, cleanName).min(
  1,
  'Please fill out to continue.',
);

/** Bounded text that may be left out of a create: absent means empty. */
export function optionalText(max: number) {
  return boundedText(max).default('');
}

export const timestampSchema = z.iso.datetime();
