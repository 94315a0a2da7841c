import { z } from 'zod';

/**
 * GET /api/config: what the web app needs to know about this server. `realtime` and `push` are
 * null until those services are configured.
 */
export const clientConfigSchema = z.object({
  realtime: z
    .object({
      key: z.string(),
      host: z.string().nullable(),
      port: z.number().int().nullable(),
      tls: z.boolean(),
      /** What the socket's path has before `/app/{key}`: the server's base path, '' at the root. */
      path: z.string(),
      /** Where to POST `socket_id` and `channel_name` for a private channel's signature. */
      auth_endpoint: z.string(),
    })
    .nullable(),
  push: z.object({ public_key: z.string() }).nullable(),
  donation_url: z.string().nullable(),
  version: z.string(),
  /** Who may create events here: anyone, whoever knows the server's password, or nobody. */
  event_creation: z.enum(['open', 'password', 'closed']),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
