import { readConfig } from '@server/config';
import { describe, expect, it } from 'vitest';

describe('the receipt settings', () => {
  it('read with two OCR workers, a queue of ten and no model by default', () => {
    expect(readConfig({})).toMatchObject({
      RECEIPT_WORKERS: 2,
      RECEIPT_QUEUE: 10,
      RECEIPT_MODEL_TIMEOUT_MS: 30_000,
    });
    expect(readConfig({}).RECEIPT_MODEL_URL).toBeUndefined();
  });

  it('keep at most 500 photos and 200 MB of them per event by default', () => {
    expect(readConfig({})).toMatchObject({
      RECEIPT_QUOTA_COUNT: 500,
      RECEIPT_QUOTA_BYTES: 200 * 1024 * 1024,
    });
    expect(readConfig({ RECEIPT_QUOTA_COUNT: '20' }).RECEIPT_QUOTA_COUNT).toBe(20);
  });

  it('read a vision model, a blank variable counting as unset', () => {
    const config = readConfig({
      RECEIPT_WORKERS: '1',
      RECEIPT_QUEUE: '',
      RECEIPT_MODEL_URL: 'http://localhost:11434/v1/chat/completions',
      RECEIPT_MODEL: 'qwen2.5vl:7b',
      RECEIPT_MODEL_KEY: ' ',
      RECEIPT_MODEL_TIMEOUT_MS: '5000',
    });
    expect(config).toMatchObject({
      RECEIPT_WORKERS: 1,
      RECEIPT_QUEUE: 10,
      RECEIPT_MODEL_URL: 'http://localhost:11434/v1/chat/completions',
      RECEIPT_MODEL: 'qwen2.5vl:7b',
      RECEIPT_MODEL_TIMEOUT_MS: 5_000,
    });
    expect(config.RECEIPT_MODEL_KEY).toBeUndefined();
  });

  it.each([
    [{ RECEIPT_WORKERS: '0' }, 'RECEIPT_WORKERS'],
    [{ RECEIPT_QUEUE: 'many' }, 'RECEIPT_QUEUE'],
    [{ RECEIPT_QUOTA_COUNT: '0' }, 'RECEIPT_QUOTA_COUNT'],
    [{ RECEIPT_QUOTA_BYTES: '2.5' }, 'RECEIPT_QUOTA_BYTES'],
    [{ RECEIPT_MODEL_URL: 'ftp://models.example/v1' }, 'RECEIPT_MODEL_URL'],
    [{ RECEIPT_MODEL_URL: 'http://localhost:11434/v1/chat/completions' }, 'RECEIPT_MODEL'],
    [{ RECEIPT_MODEL: 'qwen2.5vl:7b' }, 'RECEIPT_MODEL_URL'],
  ])('refuses %o, naming %s', (env, name) => {
    expect(() => readConfig(env)).toThrow(new RegExp(`\\b${name} `));
  });

  it('never repeats the model key in an error', () => {
    const env = { RECEIPT_MODEL_KEY: 'sk-secret', RECEIPT_WORKERS: 'x' };
    expect(() => readConfig(env)).toThrow(/RECEIPT_WORKERS/);
    const tooLong = { RECEIPT_MODEL_KEY: `sk-${'x'.repeat(2_000)}` };
    expect(() => readConfig(tooLong)).toThrow(/RECEIPT_MODEL_KEY .*a value not shown/);
  });
});
