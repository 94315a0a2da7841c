import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, readConfig } from '@server/config';
import { describe, expect, it } from 'vitest';

describe('readConfig', () => {
  it('runs on a fresh machine with no variables: port 8080, PGlite in ./data', () => {
    const config = readConfig({});
    expect(config).toMatchObject({ PORT: 8080, DATA_DIR: './data', LOG_LEVEL: 'info' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads every variable it knows', () => {
    const config = readConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/quits',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/quits',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'https://quits.example',
    });
    expect(config).toMatchObject({
      PORT: 9000,
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/quits',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/quits',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'https://quits.example',
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['DATABASE_URL', 'mysql://localhost/quits'],
    ['DATABASE_URL', 'not a url'],
    ['PUBLIC_URL', 'quits.example'],
    ['RATES_URL', 'ftp://rates.example/daily.xml'],
  ])('names the bad variable %s=%s in its error', (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => readConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('finds the web build in apps/web/dist of this repository, from any working folder', () => {
    const expected = fileURLToPath(new URL('../../../web/dist', import.meta.url));
    expect(readConfig({}).WEB_DIST_DIR).toBe(expected);
    expect(readConfig({ WEB_DIST_DIR: 'build' }).WEB_DIST_DIR).toBe(resolve('build'));
  });

  it('treats an empty optional URL as unset', () => {
    expect(readConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
