import { dataEnvelope, errorBodySchema, healthSchema } from '@quits/contract';
import { SERVER_VERSION } from '@server/version';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES, startTestApp, type TestApp } from '../support/test-app';

describe.each(DATABASES)('GET /api/health (%s)', (kind) => {
  let started: TestApp | undefined;
  afterEach(async () => {
    await started?.close().catch(() => {});
    started = undefined;
  });

  it('answers 200 with the release while the database answers, never cached', async () => {
    started = await startTestApp(kind);
    const answer = await started.app.inject({ method: 'GET', url: '/api/health' });
    expect(answer.statusCode).toBe(200);
    expect(dataEnvelope(healthSchema).parse(answer.json())).toEqual({
      data: {
        status: 'ok',
        database: 'ok',
        version: SERVER_VERSION,
        receipts: { count: 0, bytes: 0 },
      },
    });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(SERVER_VERSION).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
  });

  it('answers 503 with a message once the database is gone', async () => {
    started = await startTestApp(kind);
    await started.database.close();
    const answer = await started.app.inject({ method: 'GET', url: '/api/health' });
    expect(answer.statusCode).toBe(503);
    expect(errorBodySchema.parse(answer.json()).message).toBe('The database does not answer.');
  });

  it('is never rate limited', async () => {
    started = await startTestApp(kind, {
      RATE_LIMITS: 'on',
      RATE_LIMIT_NOT_FOUND_PER_IP: '1',
    });
    for (let guess = 0; guess < 3; guess++) {
      await started.app.inject({ method: 'GET', url: '/api/events/abcdefghijklmnopqrstuvwx' });
    }
    for (let check = 0; check < 20; check++) {
      const answer = await started.app.inject({ method: 'GET', url: '/api/health' });
      expect(answer.statusCode).toBe(200);
    }
  });

  it('says which request it answered, and takes a request id from a trusted proxy only', async () => {
    started = await startTestApp(kind, { TRUST_PROXY: '10.0.0.1' });
    const own = await started.app.inject({ method: 'GET', url: '/api/health' });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const forwarded = await started.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.0.0.1',
      headers: { 'x-request-id': 'lb-7f3a9c' },
    });
    expect(forwarded.headers['x-request-id']).toBe('lb-7f3a9c');
    const claimed = await started.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '203.0.113.5',
      headers: { 'x-request-id': 'made-up-by-a-client' },
    });
    expect(claimed.headers['x-request-id']).not.toBe('made-up-by-a-client');
    const malformed = await started.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.0.0.1',
      headers: { 'x-request-id': 'has spaces and\ttabs' },
    });
    expect(malformed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('request ids without a trusted proxy', () => {
  it('never takes the X-Request-Id a client sends', async () => {
    const started = await startTestApp('pglite');
    try {
      const answer = await started.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'chosen-by-the-client' },
      });
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await started.close();
    }
  });
});
