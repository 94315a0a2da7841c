import { type ErrorBody, englishOf, type MessageCode } from '@quits/contract';
import { isDiskFull, isUniqueViolation } from '@server/db/pg-errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { bodyOf, type FieldErrors, HttpError, say } from './http-error';
import { redactText } from './redact';
import { routePathOf } from './request-path';
import { codedIssue } from './schema-issues';
import { isAppPage } from './web-app';

/** Fastify's own client errors, rephrased for a person. */
const FRAMEWORK_MESSAGES: Record<string, MessageCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'json_invalid',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'json_empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'content_length',
};

/**
 * Turns every failure into `{ message, errors, code, params, error_codes }`: the English, and the
 * same said by the codes of `SERVER_MESSAGES` for the app to word. Client mistakes keep their 4xx
 * and a message the person can act on; anything else is logged and answered without internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = describe(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    // A message may quote the URL (a malformed one) or a value: ids are redacted from it.
    else request.log.info({ status, message: redactText(body.message) }, 'request refused');
    // A 410 is cacheable by default: a browser would keep answering "deleted" from its cache
    // after the event was restored.
    if (status === 410) reply.header('cache-control', 'no-store');
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    // History mode: the server does not know the app's routes, so any page it might route gets
    // index.html and the app shows its own 404 page. The API and files keep a real 404.
    if (app.webApp && isAppPage(request)) return app.webApp.sendPage(request, reply);
    const path = routePathOf(request);
    return reply.status(404).send(bodyOf(say('no_route', { method: request.method, path })));
  });
}

function describe(error: FastifyError): { status: number; body: ErrorBody } {
  if (error instanceof HttpError) {
    const { said, errors, details } = error;
    return { status: error.statusCode, body: { ...details, ...bodyOf(said, errors) } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: FieldErrors = {};
    // The schema's own English, word for word, beside the code the app words.
    const english: Record<string, string[]> = {};
    const context = error.validationContext ?? 'body';
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      // Body fields are named as the client sent them; headers, params and query say which.
      const key = context === 'body' ? path || 'body' : path ? `${context}.${path}` : context;
      const coded = codedIssue(issue.keyword, issue.message, issue.params);
      errors[key] = [...(errors[key] ?? []), coded];
      english[key] = [...(english[key] ?? []), issue.message ?? englishOf(coded)];
    }
    return { status: 422, body: bodyOf(say('invalid_data'), errors, english) };
  }
  if (isUniqueViolation(error)) return { status: 409, body: bodyOf(say('id_in_use')) };
  // The disk filled in the middle of this write: it was rolled back, the client may send it again.
  if (isDiskFull(error)) return { status: 507, body: bodyOf(say('disk_low')) };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = FRAMEWORK_MESSAGES[error.code];
    if (code) return { status, body: bodyOf(say(code)) };
    // Another of the framework's refusals: its own English, and a code that says only "refused".
    return { status, body: { ...bodyOf(say('request_refused')), message: error.message } };
  }
  return { status: 500, body: bodyOf(say('server_failed')) };
}
