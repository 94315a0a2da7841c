import { blankAsUnset } from '@server/env-values';
import { addressList } from '@server/http/hardening-config';
import { z } from 'zod';

/**
 * Prometheus metrics at `/metrics`: off by default. On, they are served only to a scraper that
 * passes every check set: the bearer token (`METRICS_TOKEN`) and the address list
 * (`METRICS_ALLOW`, the client's address as TRUST_PROXY makes it); at least one must be set.
 */
export const metricsEnvironment = {
  METRICS: blankAsUnset(
    z
      .enum(['on', 'off'], { message: 'must be on or off' })
      .default('off')
      .transform((value) => value === 'on'),
  ),
  METRICS_TOKEN: blankAsUnset(
    z
      .string()
      .regex(/^\S{16,200}$/, { message: 'must be 16 to 200 characters without spaces' })
      .optional(),
  ),
  METRICS_ALLOW: addressList,
};

/** With METRICS=on, a scraper must be told apart from anyone: a token or an address list. */
export function checkMetricsAccess(
  env: {
    METRICS: boolean;
    METRICS_TOKEN?: string | undefined;
    METRICS_ALLOW?: string[] | undefined;
  },
  context: z.RefinementCtx,
): void {
  if (!env.METRICS || env.METRICS_TOKEN || env.METRICS_ALLOW?.length) return;
  context.addIssue({
    code: 'custom',
    path: ['METRICS'],
    message: 'is on: set METRICS_TOKEN or METRICS_ALLOW too, or anyone could read the metrics',
  });
}
