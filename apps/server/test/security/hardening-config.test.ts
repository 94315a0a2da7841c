import { ConfigError, readConfig } from '@server/config';
import { describe, expect, it } from 'vitest';

describe('the hardening variables', () => {
  it('default to limits on, no CORS origin, no trusted proxy, 25 s to shut down', () => {
    const config = readConfig({});
    expect(config.RATE_LIMITS).toBe(true);
    expect(config.CORS_ORIGINS).toEqual([]);
    expect(config.TRUST_PROXY).toBeUndefined();
    expect(config.SHUTDOWN_TIMEOUT_SECONDS).toBe(25);
  });

  it('read lists of origins and proxies, blanks as unset', () => {
    const config = readConfig({
      CORS_ORIGINS: ' https://a.example ,http://localhost:5173',
      TRUST_PROXY: '10.0.0.0/8, loopback, ::1',
      RATE_LIMITS: 'off',
      RATE_LIMIT_WRITES_PER_DEVICE: '',
    });
    expect(config.CORS_ORIGINS).toEqual(['https://a.example', 'http://localhost:5173']);
    expect(config.TRUST_PROXY).toEqual(['10.0.0.0/8', 'loopback', '::1']);
    expect(config.RATE_LIMITS).toBe(false);
    expect(config.RATE_LIMIT_WRITES_PER_DEVICE).toBe(300);
  });

  it.each([
    ['TRUST_PROXY', '2'],
    ['TRUST_PROXY', 'proxy.example'],
    ['TRUST_PROXY', '999.1.1.1'],
    ['CORS_ORIGINS', 'app.example'],
    ['RATE_LIMIT_WINDOW_SECONDS', '0'],
    ['RATE_LIMIT_NOT_FOUND_PER_IP', 'many'],
    ['SHUTDOWN_TIMEOUT_SECONDS', '-1'],
  ])('names the bad variable %s=%s', (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => readConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });
});
