import { createHash, timingSafeEqual } from 'node:crypto';
import { blankAsUnset } from '@server/env-values';
import { countAsGuess } from '@server/http/guesses';
import { HttpError, say } from '@server/http/http-error';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * Who may create events on this server (IHateMoney's ALLOW_PUBLIC_PROJECT_CREATION, with a
 * middle way): anyone (`open`), whoever knows the operator's password (`password`), or nobody
 * (`closed`: the events there are all it serves). Events that exist are never affected: their
 * links work as before.
 */
export const EVENT_CREATION_MODES = ['open', 'password', 'closed'] as const;
export type EventCreationMode = (typeof EVENT_CREATION_MODES)[number];

/**
 * The request header the password comes in (never in a URL, which logs and histories keep),
 * percent-encoded as `encodeURIComponent` writes it: a header holds Latin-1 only, a password any
 * character.
 */
export const CREATION_PASSWORD_HEADER = 'creation-password';

/** Spread into the server's configuration schema. */
export const eventCreationEnvironment = {
  EVENT_CREATION: blankAsUnset(
    z
      .enum(EVENT_CREATION_MODES, { message: `must be one of ${EVENT_CREATION_MODES.join(', ')}` })
      .default('open'),
  ),
  EVENT_CREATION_PASSWORD: blankAsUnset(
    z
      .string()
      .min(8, 'must be at least 8 characters')
      .max(200, 'must be at most 200 characters')
      .optional(),
  ),
};

/** A password with `password`, and only there: a password set for another mode would do nothing. */
export function checkEventCreation(
  env: { EVENT_CREATION: EventCreationMode; EVENT_CREATION_PASSWORD?: string | undefined },
  context: z.RefinementCtx,
): void {
  const path = ['EVENT_CREATION_PASSWORD'];
  if (env.EVENT_CREATION === 'password' && !env.EVENT_CREATION_PASSWORD) {
    context.addIssue({ code: 'custom', path, message: 'must be set when EVENT_CREATION=password' });
  }
  if (env.EVENT_CREATION !== 'password' && env.EVENT_CREATION_PASSWORD) {
    context.addIssue({
      code: 'custom',
      path,
      message: 'is read only when EVENT_CREATION=password',
    });
  }
}

function passwordOf(header: string | string[] | undefined): string {
  if (typeof header !== 'string') return '';
  try {
    return decodeURIComponent(header);
  } catch {
    // Not percent-encoding: taken as written, and so wrong unless the password is.
    return header;
  }
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Compared in constant time: how long a wrong guess takes says nothing about the right one. */
function samePassword(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Refuses a request that would create an event when this server does not let its sender: 403,
 * said so the app can word it (closed), or ask for the password under its field. A wrong
 * password counts as a guess, as a wrong event id does, so it cannot be tried at speed.
 */
export function checkMayCreateEvent(app: FastifyInstance, request: FastifyRequest): void {
  const mode = app.config.EVENT_CREATION;
  if (mode === 'open') return;
  if (mode === 'closed') throw new HttpError(403, say('event_creation_closed'));
  const given = passwordOf(request.headers[CREATION_PASSWORD_HEADER]);
  const expected = app.config.EVENT_CREATION_PASSWORD ?? '';
  if (given !== '' && samePassword(given, expected)) return;
  if (given !== '') countAsGuess(request);
  const field = given === '' ? 'event_creation_password_missing' : 'event_creation_password_wrong';
  throw new HttpError(403, say('event_creation_password'), { creation_password: [say(field)] });
}
