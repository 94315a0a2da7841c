/**
 * The PDF statement of a large event (issue 23: a statement to hand round): seeds a
 * 5,000-expense event through the real API on PGlite, then asks for its statement in three
 * languages (each made anew, not from the kept files) and prints the time of each, the file's
 * size and pages, and the process's memory before and at its peak.
 *
 * Run: npm run bench:report
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { startApp } from './support/app-server';
import { pgliteDatabase } from './support/databases';
import { seedEvent } from './support/seed';

const EXPENSES = Number(process.env.REPORT_BENCH_EXPENSES ?? 5_000);
const MB = 1024 * 1024;

async function pageCount(file: Uint8Array): Promise<number> {
  const document = await getDocument({ data: file, isEvalSupported: false }).promise;
  const pages = document.numPages;
  await document.destroy();
  return pages;
}

async function main(): Promise<void> {
  const app = await startApp(await pgliteDatabase());
  try {
    const seedStart = performance.now();
    const event = await seedEvent(app.baseUrl, { people: 8, expenses: EXPENSES, seed: 23 });
    console.log(
      `seeded ${EXPENSES} expenses in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    for (const lang of ['en', 'de', 'zh'] as const) {
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 5);
      const start = performance.now();
      const answer = await fetch(`${app.baseUrl}/api/events/${event.id}/report?lang=${lang}`);
      const file = new Uint8Array(await answer.arrayBuffer());
      const took = performance.now() - start;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      if (answer.status !== 200) throw new Error(`the statement answered ${answer.status}`);
      console.log(
        `report ${lang}: ${EXPENSES} expenses, ${took.toFixed(0)} ms, ${(file.length / MB).toFixed(2)} MB, ${await pageCount(file)} pages, rss ${(before / MB).toFixed(0)} → peak ${(peak / MB).toFixed(0)} MB`,
      );
    }
  } finally {
    await app.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('npm run bench:report failed:', error);
    process.exit(1);
  },
);
