// compose.yaml's services run with plain podman, for a machine without a compose tool: each
// service's image, environment, named volumes and health check as the file says, started in
// depends_on order, a `service_healthy` dependency waited for through its own health check.
// The host's network stands in for compose's: every service name points at 127.0.0.1, so a
// service's port must be free on the machine (compose.yaml takes PGPORT from POSTGRES_PORT),
// and a published port is given to the service as PORT (there is no port mapping to do it).
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { podman, podmanQuiet, podmanSettings, waitUntil } from './podman-run.mjs';

/** `${NAME}`, `${NAME:-default}`, `${NAME-default}`, `${NAME:?error}`, `${NAME?error}`, `$$`. */
export function interpolate(text, variables) {
  return text.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g,
    (match, name, colon, kind, word) => {
      if (match === '$$') return '$';
      const value = variables[name];
      const missing = value === undefined || (colon === ':' && value === '');
      if (!missing) return value;
      if (kind === '-') return word;
      if (kind === '?') throw new Error(`compose.yaml: ${name} ${word || 'must be set'}`);
      return '';
    },
  );
}

/** `KEY=value` lines, as compose reads an env_file. */
function envFile(path) {
  const variables = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (match) variables[match[1]] = match[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return variables;
}

function listOrMap(value) {
  if (!value) return {};
  if (!Array.isArray(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v ?? '')]));
  return Object.fromEntries(value.map((entry) => entry.split(/=(.*)/s).slice(0, 2)));
}

/** The services of a compose file, in an order where each comes after what it depends on. */
export function composeServices(text, variables, { folder = '.' } = {}) {
  const file = parse(interpolate(text, variables));
  const services = Object.entries(file.services).map(([name, spec]) => {
    const fromFiles = {};
    for (const entry of spec.env_file ?? []) {
      const path = `${folder}/${typeof entry === 'string' ? entry : entry.path}`;
      if (existsSync(path)) Object.assign(fromFiles, envFile(path));
      else if (typeof entry === 'string' || entry.required !== false) throw new Error(`no ${path}`);
    }
    const dependsOn = Array.isArray(spec.depends_on)
      ? Object.fromEntries(spec.depends_on.map((other) => [other, 'service_started']))
      : Object.fromEntries(Object.entries(spec.depends_on ?? {}).map(([k, v]) => [k, v.condition]));
    return {
      name,
      project: file.name ?? 'compose',
      image: spec.image,
      environment: { ...fromFiles, ...listOrMap(spec.environment) },
      volumes: spec.volumes ?? [],
      ports: (spec.ports ?? []).map(String),
      healthcheck: spec.healthcheck,
      dependsOn,
    };
  });
  const ordered = [];
  const visit = (service, path) => {
    if (ordered.includes(service)) return;
    if (path.includes(service.name))
      throw new Error(`compose.yaml: a cycle through ${service.name}`);
    for (const other of Object.keys(service.dependsOn)) {
      const dependency = services.find((candidate) => candidate.name === other);
      if (!dependency)
        throw new Error(`compose.yaml: ${service.name} depends on no service ${other}`);
      visit(dependency, [...path, service.name]);
    }
    ordered.push(service);
  };
  for (const service of services) visit(service, []);
  return ordered;
}

function healthFlags(healthcheck) {
  if (!healthcheck?.test) return [];
  const flags = ['--health-cmd', JSON.stringify(healthcheck.test)];
  for (const [key, flag] of [
    ['interval', '--health-interval'],
    ['timeout', '--health-timeout'],
    ['retries', '--health-retries'],
    ['start_period', '--health-start-period'],
  ]) {
    if (healthcheck[key] !== undefined) flags.push(flag, String(healthcheck[key]));
  }
  return flags;
}

/** Waits until the service's container passes its own health check, run here. */
export async function waitHealthy(container, timeoutMs) {
  await waitUntil(`${container} is healthy`, timeoutMs, async () => {
    try {
      podman(['healthcheck', 'run', container]);
      return true;
    } catch {
      return false;
    }
  });
}

/** Starts one service (named `${prefix}-${service}`) once what it depends on is ready. */
export async function runComposeService(service, all, { prefix, healthTimeoutMs }) {
  for (const [other, condition] of Object.entries(service.dependsOn)) {
    if (condition === 'service_healthy') await waitHealthy(`${prefix}-${other}`, healthTimeoutMs);
  }
  const flags = ['--detach', '--name', `${prefix}-${service.name}`, '--network=host'];
  flags.push(...podmanSettings().limits);
  for (const other of all) flags.push('--add-host', `${other.name}:127.0.0.1`);
  const environment = { ...service.environment };
  for (const published of service.ports) {
    const [hostPort] = published.split(':').slice(-2);
    environment.PORT = hostPort;
    environment.HOST = '127.0.0.1';
  }
  for (const [key, value] of Object.entries(environment)) flags.push('--env', `${key}=${value}`);
  for (const volume of service.volumes) {
    const [source, target] = String(volume).split(':');
    const named = !source.startsWith('.') && !source.startsWith('/');
    flags.push(
      '--volume',
      `${named ? `${prefix}-${service.project}-${source}` : source}:${target}`,
    );
  }
  flags.push(...healthFlags(service.healthcheck));
  console.log(`starting ${service.name} (${service.image})`);
  podman(['run', ...flags, service.image]);
  if (
    podmanQuiet(['inspect', '--format', '{{.State.Running}}', `${prefix}-${service.name}`]) !==
    'true'
  ) {
    throw new Error(`${service.name} stopped at once`);
  }
}
