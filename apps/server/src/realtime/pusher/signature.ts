import { createHmac, timingSafeEqual } from 'node:crypto';

/** The app's credentials: the key is public (in the socket's URL), the secret never leaves. */
export interface AppCredentials {
  key: string;
  secret: string;
}

/** Pusher's socket ids: two unsigned integers joined by a dot. */
export const SOCKET_ID = /^\d{1,20}\.\d{1,20}$/;

/**
 * The `auth` a client shows to join a private channel: `<key>:<hex HMAC-SHA256 of
 * "<socket_id>:<channel>" with the secret>`. It binds the channel to one connection.
 */
export function signChannel(app: AppCredentials, socketId: string, channel: string): string {
  const signature = createHmac('sha256', app.secret).update(`${socketId}:${channel}`).digest('hex');
  return `${app.key}:${signature}`;
}

/** Checks a subscription's `auth` in constant time. */
export function isValidChannelAuth(
  app: AppCredentials,
  socketId: string,
  channel: string,
  auth: string | undefined,
): boolean {
  if (auth === undefined) return false;
  const expected = Buffer.from(signChannel(app, socketId, channel));
  const given = Buffer.from(auth);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
