import type { FastifyInstance } from 'fastify';

/**
 * The web app sends `Content-Type: application/json` on every call, as the spec says, also on
 * a DELETE with no body. Fastify's parser refuses an empty JSON body, so an empty one becomes
 * "no body" here; anything else goes through Fastify's own parser and its prototype-poisoning
 * guard.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, body.toString(), done);
  });
}
