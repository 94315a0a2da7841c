import type { FastifyInstance } from 'fastify';
import { HttpError, say } from './http-error';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';

/**
 * The web app sends `Content-Type: application/json` on every call, as the spec says, also on
 * a DELETE with no body. Fastify's parser refuses an empty JSON body, so an empty one becomes
 * "no body" here; anything else goes through Fastify's own parser and its prototype-poisoning
 * guard, once it is known not to nest deeper than any request needs (see json-depth.ts).
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    const text = body.toString();
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new HttpError(400, say('json_too_deep', { levels: MAX_JSON_DEPTH })));
      return;
    }
    // Fastify's parser answers through `done`; its type allows a promise, which it never returns.
    void parseJson(request, text, done);
  });
}
