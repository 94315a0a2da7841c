import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { composeServices, interpolate } from '../container/compose-services.mjs';

const compose = readFileSync(new URL('../../compose.yaml', import.meta.url), 'utf8');

describe("compose.yaml's services, as container:test runs them", () => {
  it('reads variables as compose does: defaults, required ones, and $$', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's own syntax, kept as text
    expect(interpolate('${A:-x} ${B-y} $$HOME', { A: '', B: '' })).toBe('x  $HOME');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's own syntax, kept as text
    expect(() => interpolate('${P:?set P}', {})).toThrow('compose.yaml: P set P');
  });

  it('starts PostgreSQL first, and Quits on it once it is healthy', () => {
    const services = composeServices(compose, { POSTGRES_PASSWORD: 'pw', QUITS_PORT: '9000' });
    expect(services.map((service) => service.name)).toEqual(['postgres', 'quits']);
    const [postgres, quits] = services;
    expect(postgres?.image).toMatch(/postgres:15/);
    expect(postgres?.healthcheck.test.join(' ')).toContain('pg_isready');
    expect(quits?.dependsOn).toEqual({ postgres: 'service_healthy' });
    expect(quits?.environment.DATABASE_URL).toBe('postgres://quits:pw@postgres:5432/quits');
    expect(quits?.ports).toEqual(['9000:8080']);
  });

  it('refuses to start without the database password', () => {
    expect(() => composeServices(compose, {})).toThrow(/POSTGRES_PASSWORD/);
  });
});
