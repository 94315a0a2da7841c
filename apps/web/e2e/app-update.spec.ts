import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { INSTANCES_NEED, instancesAvailable, startInstances } from './support/instances';

/**
 * The service worker's versions, on a server of its own serving a copy of the built app, so
 * that a release can be made while the page is open: a page the worker controls, on any
 * address, offers no update while there is none; a new version is offered with "Reload", and
 * reloading brings it in.
 */
test.skip(!instancesAvailable(), INSTANCES_NEED);

const web = fileURLToPath(new URL('../', import.meta.url));

/** A release: the worker's file changes, as each build's does, with its compressed copies. */
async function release(dist: string): Promise<void> {
  const worker = join(dist, 'sw.js');
  const next = `${await readFile(worker, 'utf8')}\n// the next release\n`;
  await writeFile(worker, next);
  await writeFile(`${worker}.br`, brotliCompressSync(next));
  await writeFile(`${worker}.gz`, gzipSync(next));
}

test('a new version of the app is offered with "Reload" once it is ready, and never when there is none', {
  tag: '@any-width',
}, async ({ browser }) => {
  test.setTimeout(180_000);
  const folder = await mkdtemp(join(tmpdir(), 'quits-release-'));
  const dist = join(folder, 'dist');
  await cp(join(web, 'dist'), dist, { recursive: true });
  await cp(join(web, 'dist-ssr'), join(folder, 'dist-ssr'), { recursive: true });
  const servers = await startInstances(1, { WEB_DIST_DIR: dist });
  const context = await browser.newContext({ baseURL: servers.instances[0]?.baseURL });
  try {
    const page = await context.newPage();
    const update = page.getByRole('alert').filter({ hasText: 'Update available' });
    await page.goto('/new-event');
    await page.evaluate(async () => navigator.serviceWorker.ready);

    await test.step('controlled by the worker, a deep address offers nothing', async () => {
      await page.goto('/event/abcdefghijklmnopqrstuv/people');
      await expect
        .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
        .toBe(true);
      const pending = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
        return Boolean(registration?.installing || registration?.waiting);
      });
      expect(pending).toBe(false);
      await expect(page.getByText('This event does not exist, or it was deleted.')).toBeVisible();
      await expect(update).toHaveCount(0);
    });

    await test.step('a release is offered, and Reload brings it in', async () => {
      await release(dist);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await expect(update).toBeVisible({ timeout: 30_000 });
      const loads: string[] = [];
      page.on('load', () => loads.push(page.url()));
      await update.getByRole('button', { name: 'Reload' }).click();
      await expect.poll(() => loads.length, { timeout: 30_000 }).toBe(1);
      await expect(update).toHaveCount(0);
      const worker = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          waiting: Boolean(registration?.waiting),
          controlled: Boolean(navigator.serviceWorker.controller),
        };
      });
      expect(worker).toEqual({ waiting: false, controlled: true });
    });
  } finally {
    await context.close();
    await servers.stopAll();
    await rm(folder, { recursive: true, force: true });
  }
});
