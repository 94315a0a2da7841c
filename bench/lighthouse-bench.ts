/**
 * Lighthouse on the web app as a phone sees it: the built app served by the real server (its
 * own process, PGlite in a temporary directory, 127.0.0.1 only), with an event of three people
 * and 30 expenses created through the API. Lighthouse's default config: mobile form factor,
 * simulated slow 4G and a 4× slower CPU. Bars: performance ≥ 95, accessibility 100.
 *
 * Run: npx tsx bench/lighthouse-bench.ts   (LIGHTHOUSE_RUNS=1 for a quick look)
 */
import { type AuditedPage, auditPages, type LighthouseRun, meetsBars } from './support/lighthouse';
import { seedEvent } from './support/seed';
import { ensureWebBuild, startServerProcess } from './support/server-process';
import { lighthouseTable, textTable } from './support/table';

/** Runs per page; the median one is kept (see `auditPages`). */
function runsPerPage(): number {
  const raw = process.env.LIGHTHOUSE_RUNS;
  if (raw === undefined || raw === '') return 3;
  const runs = Number(raw);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('LIGHTHOUSE_RUNS must be 1 or more');
  return runs;
}

/**
 * The start page, and the event home as someone opening a shared link (the app asks who they
 * are, over the page) and as one of the event's people, whose balance comes first: in the light
 * theme and the dark one, whose colours must pass the contrast audit too.
 */
function pagesToAudit(eventId: string, personId: string): AuditedPage[] {
  const eventHome = `/event/${eventId}/home`;
  const whoami = JSON.stringify([{ id: personId, event_id: eventId }]);
  const whoamiCookie = `whoami=${personId}; path=/event/${eventId}/`;
  return [
    { label: 'Start page /, first visit', path: '/' },
    { label: 'Event home, first visit ("who are you?")', path: eventHome },
    {
      label: 'Event home, as one of its people',
      path: eventHome,
      storage: { whoami },
      cookies: [whoamiCookie],
    },
    {
      label: 'Event home, as one of its people, dark theme',
      path: eventHome,
      storage: { whoami, theme: 'dark' },
      cookies: [whoamiCookie, 'theme=dark; path=/'],
    },
  ];
}

export async function runLighthouseBench(progress: (line: string) => void): Promise<LighthouseRun> {
  ensureWebBuild();
  const server = await startServerProcess();
  try {
    const event = await seedEvent(server.baseUrl, { people: 3, expenses: 30, seed: 3 });
    const person = event.userIds[0];
    if (person === undefined) throw new Error('the seeded event has nobody in it');
    progress(`lighthouse: serving at ${server.baseUrl}, event of 3 people and 30 expenses`);
    return await auditPages(
      server.baseUrl,
      pagesToAudit(event.id, person),
      runsPerPage(),
      progress,
    );
  } finally {
    await server.close();
  }
}

async function main(): Promise<number> {
  const run = await runLighthouseBench((line) => console.log(line));
  console.log(`\nLighthouse ${run.lighthouseVersion}, median of ${run.runs} run(s) per page`);
  console.log(`${textTable(lighthouseTable(run.pages))}\n`);
  for (const page of run.pages) {
    for (const line of page.failing) console.log(`${page.label}: ${line}`);
    console.log(`${page.label}: report in ${page.reportPath}`);
  }
  return run.pages.every(meetsBars) ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('lighthouse bench failed:', error);
      process.exit(1);
    },
  );
}
