import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags, generateReport, type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export const LIGHTHOUSE_COMMAND = 'npx tsx bench/lighthouse-bench.ts';

/** The issue's bars: a fast first load on a mid-range phone, and no accessibility failure. */
export const MIN_PERFORMANCE = 95;
export const MIN_ACCESSIBILITY = 100;

/** Debian's Chromium; nothing is downloaded at run time. CHROME_PATH names another. */
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
/** Headless without a sandbox or GPU, as a container or CI machine allows. */
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const REPORT_DIR = join(tmpdir(), 'quits-lighthouse');

export interface AuditedPage {
  /** What the table calls it. */
  label: string;
  /** The path on the server, e.g. `/event/{id}/home` with a real id. */
  path: string;
  /**
   * localStorage set on the origin before the load: a device that has used the app before.
   * Without it the load is a first visit (Lighthouse clears the origin's storage and cache).
   */
  storage?: Record<string, string>;
  /**
   * Cookies set with it, as `document.cookie` lines: the copies of those choices the app keeps
   * for the server's render of a first screen (apps/web/src/lib/choice-cookies.ts).
   */
  cookies?: string[];
}

export interface PageFigures {
  label: string;
  /** Scores as Lighthouse shows them, 0 to 100. */
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes of JavaScript over the network (compressed if the server compressed it). */
  scriptBytes: number;
  /** The audits that cost points, to read why a bar was missed. */
  failing: string[];
  /** The full report of the median run. */
  reportPath: string;
}

export interface LighthouseRun {
  lighthouseVersion: string;
  /** The user agent of the Chrome that loaded the pages. */
  browser: string;
  runs: number;
  pages: PageFigures[];
}

export const meetsBars = (page: PageFigures): boolean =>
  page.performance >= MIN_PERFORMANCE && page.accessibility >= MIN_ACCESSIBILITY;

/**
 * The default config (mobile form factor, simulated slow 4G and a 4× slower CPU) with only the
 * two categories measured. Storage is kept only when the page set it up itself.
 */
function flags(keepStorage: boolean): Flags {
  return {
    onlyCategories: ['performance', 'accessibility'],
    logLevel: 'error',
    disableStorageReset: keepStorage,
  };
}

/**
 * Writes `storage` to the origin's localStorage from a URL of the origin that loads none of the
 * app (a 404), in a browser context that has seen nothing else, so that the load that follows
 * still starts with an empty HTTP cache and no service worker.
 */
async function presetStorage(
  tab: Page,
  origin: string,
  storage: Record<string, string>,
  cookies: string[] = [],
) {
  await tab.goto(`${origin}/lighthouse-storage-preset.txt`);
  const writes = Object.entries(storage).map(
    ([key, value]) => `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)});`,
  );
  for (const cookie of cookies) writes.push(`document.cookie = ${JSON.stringify(cookie)};`);
  await tab.evaluate(writes.join('\n'));
}

/**
 * One Lighthouse run of one page, in a tab of a new browser context: nothing an earlier run
 * left (the service worker and its precache above all) can serve this one.
 */
async function auditOnce(browser: Browser, origin: string, page: AuditedPage): Promise<Result> {
  const context = await browser.createBrowserContext();
  try {
    const tab = await context.newPage();
    // A tab in the background may never paint, and Lighthouse then fails with NO_FCP.
    await tab.bringToFront();
    if (page.storage) await presetStorage(tab, origin, page.storage, page.cookies);
    const result = await lighthouse(`${origin}${page.path}`, flags(!!page.storage), undefined, tab);
    if (!result) throw new Error(`Lighthouse gave no result for ${page.label}`);
    const { runtimeError } = result.lhr;
    if (runtimeError) {
      throw new Error(`${page.label}: ${runtimeError.code} ${runtimeError.message}`);
    }
    return result.lhr;
  } finally {
    await context.close();
  }
}

const numeric = (lhr: Result, id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
const score = (lhr: Result, category: string): number =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** The `script` row of Lighthouse's resource summary. */
function scriptBytes(lhr: Result): number {
  const details = lhr.audits['resource-summary']?.details;
  if (details?.type !== 'table') return Number.NaN;
  const row = details.items.find((item) => item.resourceType === 'script');
  return typeof row?.transferSize === 'number' ? row.transferSize : 0;
}

/** The selectors of the elements an audit flags, when it names any. */
function flaggedNodes(audit: Result['audits'][string]): string[] {
  const details = audit.details;
  if (details?.type !== 'table' && details?.type !== 'list') return [];
  return details.items.flatMap((item) => {
    const node = 'node' in item ? item.node : undefined;
    return typeof node === 'object' && node !== null && 'selector' in node
      ? [String(node.selector)]
      : [];
  });
}

/**
 * Accessibility audits that failed, with the elements they flag; for performance, the metrics
 * that scored under 0.9 and the opportunities Lighthouse puts a figure on.
 */
function failingAudits(lhr: Result): string[] {
  const lines: string[] = [];
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1 || ref.weight === 0) continue;
    const nodes = flaggedNodes(audit).slice(0, 5);
    lines.push(`accessibility: ${audit.id}${nodes.length ? ` on ${nodes.join(', ')}` : ''}`);
  }
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 0.9) continue;
    const opportunity = audit.scoreDisplayMode === 'metricSavings' && audit.displayValue;
    if (ref.group !== 'metrics' && !opportunity) continue;
    lines.push(`performance: ${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  }
  return lines;
}

async function saveReport(lhr: Result, label: string): Promise<string> {
  await mkdir(REPORT_DIR, { recursive: true });
  const name = label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const path = join(REPORT_DIR, `${name}.report.html`);
  await writeFile(path, generateReport(lhr, 'html'), 'utf8');
  return path;
}

async function figuresOf(lhr: Result, label: string): Promise<PageFigures> {
  return {
    label,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    scriptBytes: scriptBytes(lhr),
    failing: failingAudits(lhr),
    reportPath: await saveReport(lhr, label),
  };
}

/**
 * Lighthouse's trace recording sometimes misses the navigation's start in headless Chromium
 * (NO_NAVSTART, "Please run Lighthouse again"): a fault of the recording, not of the page, so
 * such a run is taken again, at most twice. Every other error still ends the bench.
 */
async function auditRetryingTrace(
  browser: Browser,
  origin: string,
  page: AuditedPage,
  progress: (line: string) => void,
): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(browser, origin, page);
    } catch (error) {
      const traceFault = error instanceof Error && error.message.includes('NO_NAVSTART');
      if (!traceFault || attempt === 3) throw error;
      progress(`lighthouse: ${page.label}: the trace missed the navigation's start; again`);
    }
  }
}

async function medianRun(
  browser: Browser,
  origin: string,
  page: AuditedPage,
  runs: number,
  progress: (line: string) => void,
): Promise<Result> {
  const results: Result[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const lhr = await auditRetryingTrace(browser, origin, page, progress);
    results.push(lhr);
    progress(
      `lighthouse: ${page.label}, run ${run}/${runs}: performance ` +
        `${score(lhr, 'performance')}, accessibility ${score(lhr, 'accessibility')}`,
    );
  }
  return computeMedianRun(results);
}

/**
 * Runs Lighthouse `runs` times on each page with one Chrome, and keeps each page's median run
 * (Lighthouse's own choice, by FCP and TTI): a single run moves with whatever else the machine
 * is doing, since the simulated throttling scales the CPU time it observed.
 */
export async function auditPages(
  origin: string,
  pages: readonly AuditedPage[],
  runs: number,
  progress: (line: string) => void,
): Promise<LighthouseRun> {
  if (!existsSync(CHROME_PATH)) throw new Error(`no Chrome at ${CHROME_PATH} (set CHROME_PATH)`);
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    // No default viewport: Lighthouse emulates the phone's screen itself.
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    try {
      const figures: PageFigures[] = [];
      let last: Result | undefined;
      for (const page of pages) {
        const median = await medianRun(browser, origin, page, runs, progress);
        figures.push(await figuresOf(median, page.label));
        last = median;
      }
      return {
        lighthouseVersion: last?.lighthouseVersion ?? 'unknown',
        browser: last?.environment.hostUserAgent ?? 'unknown',
        runs,
        pages: figures,
      };
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
  }
}
