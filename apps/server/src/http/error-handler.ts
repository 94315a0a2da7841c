import type { ErrorBody } from '@quits/contract';
import { isUniqueViolation } from '@server/db/pg-errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type FieldErrors, HttpError, INVALID_DATA } from './http-error';
import { redactText } from './redact';
import { isAppPage } from './web-app';

/** Fastify's own client errors, rephrased for a person. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

/**
 * Turns every failure into `{ message, errors }`. Client mistakes keep their 4xx and a message
 * the person can act on; anything else is logged and answered without internals.
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
    const body: ErrorBody = {
      message: `There is no ${request.method} ${request.url.split('?')[0]}.`,
      errors: {},
    };
    return reply.status(404).send(body);
  });
}

function describe(error: FastifyError): { status: number; body: ErrorBody } {
  if (error instanceof HttpError) {
    const { message, errors, details } = error;
    return { status: error.statusCode, body: { ...details, message, errors } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: FieldErrors = {};
    const context = error.validationContext ?? 'body';
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      // Body fields are named as the client sent them; headers, params and query say which.
      const key = context === 'body' ? path || 'body' : path ? `${context}.${path}` : context;
      errors[key] = [...(errors[key] ?? []), issue.message ?? 'This value is not valid.'];
    }
    return { status: 422, body: { message: INVALID_DATA, errors } };
  }
  if (isUniqueViolation(error)) {
    return {
      status: 409,
      body: {
        message: 'This id is already in use; send the change again with a new id.',
        errors: {},
      },
    };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message = FRAMEWORK_MESSAGES[error.code] ?? error.message;
    return { status, body: { message, errors: {} } };
  }
  return {
    status: 500,
    body: { message: 'Something went wrong on our side; please try again.', errors: {} },
  };
}
