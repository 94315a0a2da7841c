import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigError, configWarnings, readConfig } from '@server/config';
import { connectWithRetry } from '@server/db/connect-retry';
import { secretScrubber, secretTexts } from '@server/settings/secret-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('secrets from files', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'quits-secrets-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('reads each secret from its _FILE, less the trailing line break', async () => {
    const files = {
      DATABASE_URL: 'postgres://quits:pw@db:5432/quits',
      PUSHER_SECRET: 'pusher-secret-123',
      DEVICE_PSEUDONYM_SECRET: 'p'.repeat(40),
      METRICS_TOKEN: 'metrics-token-0123456789',
    };
    const env: Record<string, string> = { METRICS: 'on' };
    for (const [name, value] of Object.entries(files)) {
      const path = join(folder, name);
      await writeFile(path, `${value}\n`);
      env[`${name}_FILE`] = path;
    }
    expect(readConfig(env)).toMatchObject(files);
  });

  it('refuses both forms at once, and a file it cannot read, naming them', () => {
    const both = { PUSHER_SECRET: 'a-secret-1', PUSHER_SECRET_FILE: join(folder, 'x') };
    expect(() => readConfig(both)).toThrow(ConfigError);
    expect(() => readConfig(both)).toThrow(/PUSHER_SECRET and PUSHER_SECRET_FILE are both set/);
    const missing = { DATABASE_URL_FILE: join(folder, 'nothing-here') };
    expect(() => readConfig(missing)).toThrow(/DATABASE_URL_FILE names a file that cannot be read/);
  });

  it('never repeats a bad secret in its refusal', () => {
    const refusal = () =>
      readConfig({
        DATABASE_URL: 'postgres://admin:hunter2@db:port/quits',
        PUSHER_SECRET: 'short',
        METRICS_TOKEN: 'tiny token',
      });
    expect(refusal).toThrow(/DATABASE_URL must be an absolute URL \(got a value not shown\)/);
    expect(refusal).toThrow(/PUSHER_SECRET .*\(got a value not shown\)/);
    expect(refusal).toThrow(/METRICS_TOKEN .*\(got a value not shown\)/);
  });

  it("blanks out the secrets and the database's password wherever they are quoted", () => {
    const scrub = secretScrubber(
      secretTexts({ DATABASE_URL: 'postgres://u:p%40ss-word@db/q', PUSHER_SECRET: 'ps"secret' }),
    );
    expect(scrub('password p@ss-word refused; p%40ss-word')).toBe(
      'password [secret] refused; [secret]',
    );
    expect(scrub(JSON.stringify({ msg: 'ps"secret' }))).toBe('{"msg":"[secret]"}');
  });
});

describe('settings that look misspelt', () => {
  it('names the setting a near miss resembles', () => {
    expect(
      configWarnings({
        RATE_LIMIT_WRITE_PER_DEVICE: '5',
        DATABSE_URL: 'postgres://db/quits',
        PUSHER_SECERT: 'x',
      }),
    ).toEqual([
      'DATABSE_URL is not a setting; did you mean DATABASE_URL?',
      'PUSHER_SECERT is not a setting; did you mean PUSHER_SECRET?',
      'RATE_LIMIT_WRITE_PER_DEVICE is not a setting; did you mean RATE_LIMIT_WRITES_PER_DEVICE?',
    ]);
  });

  it("leaves the system's own variables and exact names alone", () => {
    expect(
      configWarnings({
        PATH: '/bin',
        HOME: '/root',
        HOSTNAME: 'box',
        NODE_ENV: 'production',
        TEST_DATABASE_URL: 'postgres://db/test',
        npm_config_cache: '/tmp',
        RATE_LIMIT_WRITES_PER_DEVICE: '5',
        DATABASE_URL_FILE: '/run/secrets/db',
      }),
    ).toEqual([]);
  });
});

describe('settings of the database', () => {
  it('has a pool of 20 and waits 60 s at start by default; both can be set', () => {
    expect(readConfig({})).toMatchObject({
      DATABASE_POOL_SIZE: 20,
      DATABASE_CONNECT_TIMEOUT_SECONDS: 60,
    });
    expect(
      readConfig({ DATABASE_POOL_SIZE: '5', DATABASE_CONNECT_TIMEOUT_SECONDS: '0' }),
    ).toMatchObject({ DATABASE_POOL_SIZE: 5, DATABASE_CONNECT_TIMEOUT_SECONDS: 0 });
    expect(() => readConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('gives up at once on a refused password, which no wait mends', async () => {
    let attempts = 0;
    const refused = Object.assign(new Error('password authentication failed'), { code: '28P01' });
    const connecting = connectWithRetry(
      async () => {
        attempts += 1;
        throw refused;
      },
      { timeoutMs: 60_000, onRetry: () => {}, sleep: async () => {} },
    );
    await expect(connecting).rejects.toBe(refused);
    expect(attempts).toBe(1);
  });
});

describe('metrics settings', () => {
  it('are off by default; on, they need a token or an address list', () => {
    expect(readConfig({}).METRICS).toBe(false);
    expect(() => readConfig({ METRICS: 'on' })).toThrow(/METRICS is on: set METRICS_TOKEN/);
    expect(readConfig({ METRICS: 'on', METRICS_ALLOW: '10.0.0.0/8, loopback' })).toMatchObject({
      METRICS: true,
      METRICS_ALLOW: ['10.0.0.0/8', 'loopback'],
    });
  });
});

describe('backup settings', () => {
  it('back up daily into ./backups and keep 14 days by default; 0 hours turns the schedule off', () => {
    expect(readConfig({})).toMatchObject({
      BACKUP_DIR: resolve('./backups'),
      BACKUP_INTERVAL_HOURS: 24,
      BACKUP_KEEP_DAYS: 14,
    });
    expect(readConfig({ BACKUP_INTERVAL_HOURS: '0' }).BACKUP_INTERVAL_HOURS).toBe(0);
    expect(() => readConfig({ BACKUP_KEEP_DAYS: '0' })).toThrow(
      'BACKUP_KEEP_DAYS must be at least 1 (got "0")',
    );
    expect(configWarnings({ BACKUP_KEEP_DAY: '7', BACKUP_INTERVAL_HOUR: '12' })).toEqual([
      'BACKUP_INTERVAL_HOUR is not a setting; did you mean BACKUP_INTERVAL_HOURS?',
      'BACKUP_KEEP_DAY is not a setting; did you mean BACKUP_KEEP_DAYS?',
    ]);
  });
});
