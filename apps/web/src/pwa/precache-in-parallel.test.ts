import { describe, expect, it } from 'vitest';
import type { PrecacheController } from 'workbox-precaching';
import { precacheInParallel } from './precache-in-parallel';

/** A precache list of `count` files, whose downloads finish when the test says so. */
function fakeController(count: number) {
  const keys = new Map<string, string>();
  for (let index = 0; index < count; index += 1) {
    const url = `http://app.test/assets/file-${index}.js`;
    // Every third file is revisioned, as index.html and the manifests are.
    keys.set(url, index % 3 === 0 ? `${url}?__WB_REVISION__=r${index}` : url);
  }
  const started: Request[] = [];
  const pending: (() => void)[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const controller = {
    getURLsToCacheKeys: () => keys,
    getIntegrityForCacheKey: () => undefined,
    strategy: {
      handleAll: ({ request }: { request: Request }) => {
        started.push(request);
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        const done = new Promise<void>((resolve) =>
          pending.push(() => {
            running -= 1;
            resolve();
          }),
        );
        return [done.then(() => new Response('')), done];
      },
    },
  } as unknown as PrecacheController;
  const finishAll = async () => {
    while (pending.length > 0) {
      for (const finish of pending.splice(0)) finish();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { controller, started, finishAll, mostAtOnce: () => mostAtOnce, keys };
}

const installEvent = { type: 'install' } as ExtendableEvent;

describe('precacheInParallel', () => {
  it('stores every file once, never more than the given number at a time', async () => {
    const fake = fakeController(20);
    const installed = precacheInParallel(fake.controller, installEvent, 6);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.started).toHaveLength(6);
    await fake.finishAll();
    await installed;
    expect(fake.mostAtOnce()).toBe(6);
    expect(fake.started.map((request) => request.url).sort()).toEqual([...fake.keys.keys()].sort());
  });

  it('asks the server for a revisioned file, and lets a hashed one come from the browser cache', async () => {
    const fake = fakeController(3);
    const installed = precacheInParallel(fake.controller, installEvent);
    await fake.finishAll();
    await installed;
    expect(fake.started.map((request) => request.cache)).toEqual(['reload', 'default', 'default']);
  });

  it('fails the install when a file cannot be stored', async () => {
    const controller = {
      getURLsToCacheKeys: () => new Map([['http://app.test/a.js', 'http://app.test/a.js']]),
      getIntegrityForCacheKey: () => undefined,
      strategy: { handleAll: () => [Promise.reject(new Error('bad-precaching-response'))] },
    } as unknown as PrecacheController;
    await expect(precacheInParallel(controller, installEvent)).rejects.toThrow(
      'bad-precaching-response',
    );
  });
});
