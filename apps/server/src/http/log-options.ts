import type { Config } from '@server/config';
import { secretScrubber, secretTexts } from '@server/settings/secret-settings';
import { redactUrl, serialiseError } from './redact';

interface LoggedRequest {
  method: string;
  url: string;
  id: string;
}

/**
 * Pino's options: structured JSON lines at LOG_LEVEL, each request's lines carrying its id
 * (`reqId`), event ids — the secret in a link — redacted from URLs and errors, and the values
 * of secret settings (the database's password…) blanked out of every line. `override`
 * is `false` for silence (tests, benchmarks) or options to add (a test's `stream`); the
 * serialisers always stay.
 */
export function loggerOptions(
  config: Config,
  override: boolean | Record<string, unknown> | undefined,
): false | Record<string, unknown> {
  if (override === false) return false;
  const serializers = {
    req: (request: LoggedRequest) => ({
      method: request.method,
      url: redactUrl(request.url),
      id: request.id,
    }),
    err: serialiseError,
  };
  const scrub = secretScrubber(secretTexts(config));
  return {
    level: config.LOG_LEVEL,
    ...(typeof override === 'object' ? override : {}),
    serializers,
    hooks: { streamWrite: scrub },
  };
}
