import proxyAddr from '@fastify/proxy-addr';
import { blankAsUnset, wholeNumber } from '@server/env-values';
import { z } from 'zod';

/** A count per rate-limit window. */
const perWindow = (fallback: number) => wholeNumber(fallback, 1_000_000_000);

const seconds = wholeNumber;

/** `https://app.example, https://other.example` → origins, each checked. */
const originList = blankAsUnset(
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .refine(
            (origin) =>
              URL.canParse(origin) &&
              ['http:', 'https:'].includes(new URL(origin).protocol) &&
              new URL(origin).origin === origin,
            { message: 'must list origins such as https://app.example, without paths' },
          ),
      ),
    )
    .default([]),
);

/**
 * Addresses, CIDR ranges and the names `loopback`, `linklocal`, `uniquelocal`, comma-separated,
 * as `@fastify/proxy-addr` compiles them; unset: none.
 */
export const addressList = blankAsUnset(
  z
    .string()
    .transform((value) => value.split(',').map((entry) => entry.trim()))
    .pipe(
      z.array(
        z.string().regex(
          // IPv4 with dots, IPv6 with colons: a bare number (a hop count) is no address.
          /^(loopback|linklocal|uniquelocal|(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?|[0-9a-fA-F.]*:[0-9a-fA-F.:]*(\/\d{1,3})?)$/,
          'must list addresses, CIDR ranges, loopback, linklocal or uniquelocal',
        ),
      ),
    )
    .refine(compiles, 'must list valid addresses and CIDR ranges')
    .optional(),
);

function compiles(trusted: string[]): boolean {
  try {
    proxyAddr.compile(trusted);
    return true;
  } catch {
    return false;
  }
}

/**
 * The environment variables that guard the server on the open internet, spread into the
 * server's configuration schema: rate limits, CORS, proxies and shutdown.
 */
export const hardeningEnvironment = {
  /** `off` only where every client is trusted (load tests); on by default. */
  RATE_LIMITS: blankAsUnset(
    z
      .enum(['on', 'off'], { message: 'must be on or off' })
      .default('on')
      .transform((value) => value === 'on'),
  ),
  /** The window every rate limit counts in. */
  RATE_LIMIT_WINDOW_SECONDS: seconds(60, 86_400),
  /** Writes (every non-GET request under /api) one device may send per window. */
  RATE_LIMIT_WRITES_PER_DEVICE: perWindow(300),
  /** Writes from one address per window: a group on one network, each device catching up. */
  RATE_LIMIT_WRITES_PER_IP: perWindow(1_200),
  /** Uploads (multipart, receipts) one device may send per window; each is read by OCR. */
  RATE_LIMIT_UPLOADS_PER_DEVICE: perWindow(10),
  RATE_LIMIT_UPLOADS_PER_IP: perWindow(30),
  /**
   * Heavy reads (exports, history pages, receipt photos) from one address per window: a group
   * on one network opening their histories and photos stays well under it.
   */
  RATE_LIMIT_HEAVY_READS_PER_IP: perWindow(120),
  /** 404 answers under /api one address may get per window before it must wait (guessing). */
  RATE_LIMIT_NOT_FOUND_PER_IP: perWindow(60),
  /** Origins of other sites allowed to call the API from a browser; unset: none (same-origin). */
  CORS_ORIGINS: originList,
  /**
   * Which peers are proxies whose `X-Forwarded-For` (the client's address, for rate limits) and
   * `X-Request-Id` are believed. Unset: none, the peer is the client. (A count of hops is not
   * offered: it cannot tell a proxy from a client that claims to be one.)
   */
  TRUST_PROXY: addressList,
  /** How long a shutdown waits for requests in flight before it cuts them. */
  SHUTDOWN_TIMEOUT_SECONDS: seconds(25, 3_600),
};
