import {
  type ClientConfig,
  type CurrencyList,
  clientConfigSchema,
  currencyListSchema,
} from '@quits/contract';
import { RATES_SNAPSHOT } from '@server/currencies/rates-snapshot';
import { describe, expect, it } from 'vitest';
import { expectError, readActivity } from '../support/api-checks';
import { createEvent } from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';

describe.each(DATABASES)('currencies, docs, config and headers on %s', (kind) => {
  const started = useTestApp(kind);

  it('lists every ISO 4217 currency with its digits, symbol, name and rate, as { data: { data } }', async () => {
    const api = apiClient(started().app);
    const answer = await api.get<{ data: CurrencyList }>('/api/currencies');
    expect(answer.status).toBe(200);
    const list = currencyListSchema.parse(answer.body.data);
    const byId = new Map(list.data.map((currency) => [currency.id, currency]));
    expect(byId.size).toBe(list.data.length);
    expect(list.data.length).toBeGreaterThanOrEqual(150);
    for (const currency of list.data) {
      expect(currency.name.trim(), currency.id).not.toBe('');
      expect(currency.unit.trim(), currency.id).not.toBe('');
    }
    expect(byId.get('EUR')).toMatchObject({ unit: '€', name: 'Euro', decimals: 2, rate: 1 });
    expect(byId.get('JPY')?.decimals).toBe(0);
    expect(byId.get('VND')?.decimals).toBe(0);
    expect(byId.get('KWD')?.decimals).toBe(3);
    expect(byId.get('BHD')?.decimals).toBe(3);
    expect(byId.get('CHF')?.decimals).toBe(2);
    expect(byId.get('USD')?.rate).toBeCloseTo(1 / RATES_SNAPSHOT.per_euro.USD, 10);
    expect(byId.get('ISK')?.rate).toBeCloseTo(1 / RATES_SNAPSHOT.per_euro.ISK, 10);
    expect(list.data.some((currency) => currency.rate === null)).toBe(true);
    expect(list.rates_date).toBe(RATES_SNAPSHOT.date);
    expect(list.rates_source).toMatch(/European Central Bank/);
  });

  it('gives a rate to exactly the currencies of the rates snapshot, and EUR', async () => {
    const api = apiClient(started().app);
    const answer = await api.get<{ data: CurrencyList }>('/api/currencies');
    const rated = answer.body.data.data.filter((currency) => currency.rate !== null);
    expect(rated.map((currency) => currency.id).sort()).toEqual(
      ['EUR', ...Object.keys(RATES_SNAPSHOT.per_euro)].sort(),
    );
  });

  it('serves the OpenAPI page at /api/docs and the document at /api/docs/json', async () => {
    const page = await started().app.inject({ method: 'GET', url: '/api/docs' });
    const followed =
      page.statusCode === 302 && typeof page.headers.location === 'string'
        ? await started().app.inject({
            method: 'GET',
            url: new URL(page.headers.location, 'http://x/api/docs/').pathname,
          })
        : page;
    expect(followed.statusCode).toBe(200);
    expect(followed.headers['content-type']).toMatch(/text\/html/);
    expect(followed.body).toMatch(/swagger/i);

    const document = await started().app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    const openapi = document.json<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(openapi.openapi).toMatch(/^3\./);
    const routes = Object.entries(openapi.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/events',
        'GET /api/events/{id}',
        'PUT /api/events/{id}',
        'DELETE /api/events/{id}',
        'GET /api/events/{id}/balances',
        'GET /api/events/{id}/activity',
        'GET /api/events/{id}/changes',
        'POST /api/users',
        'PUT /api/event/{event_id}/users/{id}',
        'DELETE /api/event/{event_id}/users/{id}',
        'POST /api/event/{event_id}/expenditure',
        'DELETE /api/event/{event_id}/expenditure/{id}',
        'POST /api/event/{event_id}/payments',
        'DELETE /api/event/{event_id}/payments/{id}',
        'GET /api/currencies',
        'GET /api/config',
      ]),
    );
    expect(routes).not.toContain('GET /api/events');
  });

  it('answers the public client configuration', async () => {
    const api = apiClient(started().app);
    const answer = await api.get<{ data: ClientConfig }>('/api/config');
    expect(answer.status).toBe(200);
    const config = clientConfigSchema.parse(answer.body.data);
    expect(config).toMatchObject({
      realtime: { key: 'quits', host: null, port: null, tls: false, path: '' },
      donation_url: null,
    });
    expect(config.realtime?.auth_endpoint).toBe('/api/broadcasting/auth');
    expect(config.push?.public_key).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(config.version).not.toBe('');
  });

  it('answers / with an HTML page', async () => {
    const page = await started().app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toMatch(/<html[\s>]/);
    expect(page.body).toContain('Quits');
  });

  it('refuses a malformed Device-ID header with 400 and a message, on reads and writes', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana']);
    const before = await readActivity(api, event.id);
    for (const deviceId of ['not-a-uuid', '1234', `${api.deviceId}x`]) {
      const headers = { 'device-id': deviceId };
      const read = expectError(await api.get(`/api/events/${event.id}`, headers), 400);
      expect(read.message).toMatch(/Device-ID/);
      expect(read.errors['Device-ID']?.length).toBeGreaterThan(0);
      expectError(await api.put(`/api/events/${event.id}`, { name: 'X' }, headers), 400);
      expectError(await api.post('/api/events', { name: 'X', currency_id: 'EUR' }, headers), 400);
    }
    expect(await readActivity(api, event.id)).toEqual(before);
  });

  it('answers 404 with a message for a path that does not exist', async () => {
    const api = apiClient(started().app);
    const body = expectError(await api.get('/api/nothing-here'), 404);
    expect(body.message).toContain('/api/nothing-here');
    expect(body.errors).toEqual({});
  });
});
