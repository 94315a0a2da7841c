import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '@server/config';
import Fastify, { type FastifyInstance } from 'fastify';
import { contentSecurityPolicy } from './content-security-policy';
import { inlineScriptHashes } from './inline-scripts';

/** HSTS for a year once the server is known to be reached over TLS (PUBLIC_URL is https). */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

/**
 * Features the app uses (the camera, for receipts) for itself; the others nobody on the page
 * may use. Only features every current browser knows: an unknown one is a console warning.
 */
const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()';

/** Helmet's options: the usual headers, with our policy, no Referer, and HSTS behind TLS. */
function helmetOptions(config: Config, scriptHashes: string[]): FastifyHelmetOptions {
  const behindTls = config.PUBLIC_URL?.startsWith('https:') ?? false;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(config, scriptHashes),
    },
    referrerPolicy: { policy: 'no-referrer' },
    // Not includeSubDomains: other hosts under the same domain are not ours to pin to TLS.
    strictTransportSecurity: behindTls
      ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false }
      : false,
    xFrameOptions: { action: 'deny' },
  };
}

/** The headers a Fastify answers with: with helmet registered as given, or without it. */
async function probeHeaders(options: FastifyHelmetOptions | null): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  if (options) await probe.register(helmet, options);
  probe.get('/', async () => '');
  try {
    const answer = await probe.inject({ method: 'GET', url: '/' });
    return Object.fromEntries(
      Object.entries(answer.headers).map(([name, value]) => [name, String(value)]),
    );
  } finally {
    await probe.close();
  }
}

/**
 * The headers @fastify/helmet sets with these options, worked out once. Registered on the app
 * itself it would build helmet's middleware again for every request (@fastify/helmet 13), a
 * cost every answer would pay for headers that never change.
 */
export async function securityHeaders(
  config: Config,
  scriptHashes: string[] = [],
): Promise<Record<string, string>> {
  const [withHelmet, without] = await Promise.all([
    probeHeaders(helmetOptions(config, scriptHashes)),
    probeHeaders(null),
  ]);
  const headers = Object.fromEntries(
    Object.entries(withHelmet).filter(([name]) => !(name in without)),
  );
  return { ...headers, 'permissions-policy': PERMISSIONS_POLICY };
}

/**
 * The usual security headers on every answer (pages, files and the API alike), from helmet:
 * the Content-Security-Policy of content-security-policy.ts, `Referrer-Policy: no-referrer`
 * (an event's link is its key and must not reach other sites in a Referer), no sniffing, no
 * framing, HSTS when behind TLS, and a Permissions-Policy.
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const headers = await securityHeaders(config, await inlineScriptHashes(config.WEB_DIST_DIR));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
