import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { contentSecurityPolicy } from './content-security-policy';

/** HSTS for a year once the server is known to be reached over TLS (PUBLIC_URL is https). */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

/**
 * Features the app uses (the camera, for receipts) for itself; the others nobody on the page
 * may use. Only features every current browser knows: an unknown one is a console warning.
 */
const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()';

/**
 * The usual security headers on every answer (pages, files and the API alike), from helmet:
 * the Content-Security-Policy of content-security-policy.ts, `Referrer-Policy: no-referrer`
 * (an event's link is its key and must not reach other sites in a Referer), no sniffing, no
 * framing, HSTS when behind TLS, and a Permissions-Policy.
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const behindTls = config.PUBLIC_URL?.startsWith('https:') ?? false;
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    referrerPolicy: { policy: 'no-referrer' },
    // Not includeSubDomains: other hosts under the same domain are not ours to pin to TLS.
    strictTransportSecurity: behindTls
      ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false }
      : false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
