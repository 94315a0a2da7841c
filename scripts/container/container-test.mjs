// npm run container:test — the image as self-hosters run it, on this machine's podman:
//  1. makes the base image, the Quits image and PostgreSQL's stand-in (cached when unchanged);
//  2. runs the image on the embedded database with a volume, on a free port of 127.0.0.1,
//     waits for its health check, creates an event, restarts the container and reads it again;
//  3. runs compose.yaml's two services from the file itself (podman-run.mjs: their images,
//     settings, volumes, health checks and start order), Quits waiting for PostgreSQL's
//     health, and does the same; then removes every container and volume it made.
// Prints each phase's seconds; the images stay, so a run after a small change is quick.
// With --record, writes the image's size and start times into docs/BENCHMARKS.md.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { composeServices, runComposeService } from './compose-services.mjs';
import { freePort, podman, podmanQuiet, podmanSettings, waitUntil } from './podman-run.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const IMAGE = process.env.QUITS_IMAGE ?? 'localhost/quits:latest';
const BASE = process.env.QUITS_BASE_IMAGE ?? 'localhost/quits-base:latest';
const POSTGRES_IMAGE = 'localhost/quits-postgres:15';
const PREFIX = 'quits-container-test';
const HEALTH_TIMEOUT_MS = 120_000;

const phases = [];
/** What --record writes: seconds and bytes measured on the way. */
const figures = {};
async function phase(name, work) {
  const started = performance.now();
  console.log(`\n== ${name}`);
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  phases.push([name, seconds]);
  console.log(`== ${name}: ${seconds.toFixed(1)} s`);
  return result;
}

function script(path, env = {}) {
  execFileSync('bash', [path], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
}

/** The API as the web app calls it: a device, and the header that marks a script's request. */
function api(base, device) {
  const headers = {
    'Content-Type': 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'Device-ID': device,
  };
  return {
    async createEvent(name) {
      const body = { name, currency_id: 'EUR', users: [{ name: 'Ana' }, { name: 'Ben' }] };
      const answer = await fetch(`${base}/api/events`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      if (answer.status !== 201 && answer.status !== 200) {
        throw new Error(`creating an event answered ${answer.status}: ${await answer.text()}`);
      }
      return (await answer.json()).data.id;
    },
    async eventName(id) {
      const answer = await fetch(`${base}/api/events/${id}`, { headers });
      if (!answer.ok) throw new Error(`reading the event answered ${answer.status}`);
      return (await answer.json()).data.name;
    },
  };
}

async function healthy(base) {
  await waitUntil(`${base}/api/health/live answers 200`, HEALTH_TIMEOUT_MS, async () => {
    const answer = await fetch(`${base}/api/health/live`).catch(() => null);
    return answer?.ok === true;
  });
}

/** Creates an event, restarts the container, and finds the event again. */
async function survivesRestart(container, base, label) {
  const client = api(base, randomUUID());
  const name = `Container test (${label})`;
  const id = await client.createEvent(name);
  console.log(`created event ${id}; restarting ${container}`);
  const started = performance.now();
  podman(['restart', '--time', '30', container]);
  await healthy(base);
  const seconds = (performance.now() - started) / 1000;
  console.log(`healthy again after ${seconds.toFixed(1)} s`);
  const found = await client.eventName(id);
  if (found !== name) throw new Error(`after the restart the event is called ${found}`);
  console.log(`after the restart, event ${id} is there: "${found}"`);
  return seconds;
}

function cleanUp() {
  const containers = podmanQuiet(['ps', '--all', '--format', '{{.Names}}']).split('\n');
  const ours = containers.filter((name) => name.startsWith(PREFIX));
  if (ours.length > 0) podmanQuiet(['rm', '--force', '--time', '10', ...ours]);
  const volumes = podmanQuiet(['volume', 'ls', '--format', '{{.Name}}']).split('\n');
  const ourVolumes = volumes.filter((name) => name.startsWith(PREFIX));
  if (ourVolumes.length > 0) podmanQuiet(['volume', 'rm', '--force', ...ourVolumes]);
}

async function main() {
  console.log(`podman flags: ${podmanSettings().join(' ')}`);
  cleanUp();
  await phase('base image', () => script('scripts/container/make-base.sh'));
  await phase('Quits image', () => script('scripts/container/build-image.sh'));
  await phase('PostgreSQL image', () =>
    podman(
      [
        'build',
        '--format',
        'docker',
        '--network=host',
        ...podmanSettings().limits,
        '--build-arg',
        `BASE_IMAGE=${BASE}`,
        '--tag',
        POSTGRES_IMAGE,
        'scripts/container/postgres',
      ],
      { stdio: 'inherit' },
    ),
  );
  const size = (image) => Number(podmanQuiet(['image', 'inspect', '--format', '{{.Size}}', image]));
  figures.imageBytes = size(IMAGE);
  figures.baseBytes = size(BASE);
  console.log(`${IMAGE}: ${(figures.imageBytes / 1e6).toFixed(0)} MB`);

  await phase('embedded database: start, event, restart', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const container = `${PREFIX}-embedded`;
    const started = performance.now();
    podman([
      'run',
      '--detach',
      '--name',
      container,
      '--network=host',
      ...podmanSettings().limits,
      '--env',
      `PORT=${port}`,
      '--env',
      'HOST=127.0.0.1',
      '--volume',
      `${PREFIX}-data:/data`,
      '--volume',
      `${PREFIX}-backups:/backups`,
      IMAGE,
    ]);
    await healthy(base);
    figures.firstStart = (performance.now() - started) / 1000;
    console.log(`first start: healthy after ${figures.firstStart.toFixed(1)} s`);
    // The image's own HEALTHCHECK, run as an orchestrator runs it: exits 1 when unhealthy.
    podman(['healthcheck', 'run', container]);
    console.log("the image's HEALTHCHECK: healthy");
    figures.restart = await survivesRestart(container, base, 'embedded database');
  });

  await phase('compose.yaml: PostgreSQL and Quits, event, restart', async () => {
    const port = await freePort();
    const variables = {
      POSTGRES_PASSWORD: `test-${randomUUID()}`,
      POSTGRES_PORT: String(await freePort()),
      POSTGRES_IMAGE,
      QUITS_IMAGE: IMAGE,
      QUITS_PORT: String(port),
    };
    const started = performance.now();
    const compose = readFileSync(`${root}/compose.yaml`, 'utf8');
    const services = composeServices(compose, variables, { folder: root });
    for (const service of services) {
      await runComposeService(service, services, {
        prefix: PREFIX,
        healthTimeoutMs: HEALTH_TIMEOUT_MS,
      });
    }
    const base = `http://127.0.0.1:${port}`;
    await healthy(base);
    figures.composeStart = (performance.now() - started) / 1000;
    console.log(`both services: Quits healthy after ${figures.composeStart.toFixed(1)} s`);
    const health = await (await fetch(`${base}/api/health`)).json();
    if (health.data.database !== 'ok') throw new Error(`health: ${JSON.stringify(health)}`);
    figures.composeRestart = await survivesRestart(`${PREFIX}-quits`, base, 'PostgreSQL');
  });

  await phase('clean-up', () => cleanUp());
  console.log('\nphases (s):');
  for (const [name, seconds] of phases) console.log(`  ${seconds.toFixed(1).padStart(6)}  ${name}`);
  const total = phases.reduce((sum, [, seconds]) => sum + seconds, 0);
  console.log(`  ${total.toFixed(1).padStart(6)}  in all`);
  if (process.argv.includes('--record')) record(total);
}

/** Writes the figures as docs/BENCHMARKS.md's "Container image" section (bench keeps it). */
function record(total) {
  const path = `${root}/docs/BENCHMARKS.md`;
  const mb = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;
  const s = (seconds) => `${seconds.toFixed(1)} s`;
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString();
  const section = [
    '## Container image',
    '',
    `Written by \`npm run container:test -- --record\` on ${new Date().toISOString()}, code ${commit.trim()}, load average (1 min) ${loadavg()[0].toFixed(2)} at the end (2 cores): other work on the machine lengthens every time.`,
    '',
    '| | |',
    '|---|---|',
    `| \`${IMAGE}\` (uncompressed, as \`podman image inspect\` counts) | ${mb(figures.imageBytes)} |`,
    `| of which the base image (Debian bookworm, Node, npm) | ${mb(figures.baseBytes)} |`,
    `| first start on an empty volume, until \`/api/health/live\` answers (makes the embedded database) | ${s(figures.firstStart)} |`,
    `| restart (stop with SIGTERM, start), until it answers again | ${s(figures.restart)} |`,
    `| compose.yaml: PostgreSQL healthy, then Quits answering | ${s(figures.composeStart)} |`,
    `| restart on PostgreSQL, until it answers again | ${s(figures.composeRestart)} |`,
    `| the whole test, this run | ${s(total)} |`,
    '',
    `Its phases: ${phases.map(([name, seconds]) => `${name} ${s(seconds)}`).join('; ')}.`,
    'A build after a change to the code alone reuses the cached base and dependency layers.',
  ].join('\n');
  const text = readFileSync(path, 'utf8');
  const start = text.indexOf('\n## Container image');
  const end = start < 0 ? -1 : text.indexOf('\n## ', start + 1);
  const before = start < 0 ? text.trimEnd() : text.slice(0, start).trimEnd();
  const after = end < 0 ? '' : `\n\n${text.slice(end + 1).trimEnd()}`;
  writeFileSync(path, `${before}\n\n${section}${after}\n`);
  console.log(`Wrote ${path}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  try {
    for (const name of ['embedded', 'quits', 'postgres']) {
      console.error(`--- last lines of ${PREFIX}-${name}:`);
      console.error(podmanQuiet(['logs', '--tail', '30', `${PREFIX}-${name}`]));
    }
  } catch {}
  cleanUp();
  process.exit(1);
});
