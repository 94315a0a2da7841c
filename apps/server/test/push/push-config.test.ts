import { ConfigError, readConfig } from '@server/config';
import { vapidSubject } from '@server/push/vapid-keys';
import { describe, expect, it } from 'vitest';
import webPush from 'web-push';

describe('the push configuration', () => {
  const keys = webPush.generateVAPIDKeys();

  it('reads a VAPID key pair and subject', () => {
    const config = readConfig({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:ops@quits.example',
    });
    expect(config).toMatchObject({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:ops@quits.example',
    });
  });

  it('leaves the keys to the database when neither is set, or both are empty', () => {
    expect(readConfig({}).VAPID_PUBLIC_KEY).toBeUndefined();
    const empty = readConfig({ VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: ' ' });
    expect(empty.VAPID_PRIVATE_KEY).toBeUndefined();
  });

  it.each([
    ['VAPID_PUBLIC_KEY', { VAPID_PUBLIC_KEY: keys.publicKey }, /VAPID_PRIVATE_KEY must be set/],
    ['VAPID_PRIVATE_KEY', { VAPID_PRIVATE_KEY: keys.privateKey }, /VAPID_PUBLIC_KEY must be set/],
    [
      'a short public key',
      { VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: keys.privateKey },
      /VAPID_PUBLIC_KEY must be a P-256 public key/,
    ],
    [
      'a padded private key',
      { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: `${keys.privateKey}=` },
      /VAPID_PRIVATE_KEY must be base64url/,
    ],
    [
      'keys of two different pairs',
      {
        VAPID_PUBLIC_KEY: webPush.generateVAPIDKeys().publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
      },
      /VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY/,
    ],
    ['an http subject', { VAPID_SUBJECT: 'http://quits.example' }, /VAPID_SUBJECT/],
  ])('refuses %s alone or malformed, naming the variable', (_, env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });

  it('never repeats the private key in an error', () => {
    const secret = `${keys.privateKey}=`;
    expect(() =>
      readConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: secret }),
    ).toThrow(expect.objectContaining({ message: expect.not.stringContaining(keys.privateKey) }));
  });

  it('names a contact at the public host when no subject is set', () => {
    expect(vapidSubject({ PUBLIC_URL: 'https://quits.example/app' })).toBe(
      'mailto:push@quits.example',
    );
    expect(vapidSubject({ VAPID_SUBJECT: 'https://quits.example/contact' })).toBe(
      'https://quits.example/contact',
    );
    expect(vapidSubject({})).toBe('mailto:push@quits.invalid');
    expect(vapidSubject({ PUBLIC_URL: 'http://localhost:8080' })).toBe('mailto:push@quits.invalid');
    expect(vapidSubject({ PUBLIC_URL: 'http://192.168.1.20:8080' })).toBe(
      'mailto:push@quits.invalid',
    );
  });
});
