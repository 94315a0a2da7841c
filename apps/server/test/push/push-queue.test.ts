import { type PushJob, PushQueue, type PushQueueOptions } from '@server/push/push-queue';
import { describe, expect, it } from 'vitest';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A job of event "e" posting nowhere, as most of these tests need. */
const job = (run: () => Promise<unknown>, event = 'e'): PushJob => ({
  event,
  host: null,
  run: async () => {
    await run();
  },
});

function queue(options: Partial<PushQueueOptions> = {}) {
  const dropped: string[] = [];
  const failed: unknown[] = [];
  const made = new PushQueue({
    concurrency: 2,
    perEvent: 2,
    perHost: 2,
    maxWaitingPerEvent: 10,
    maxWaiting: 10,
    taskTimeoutMs: 1_000,
    onDropped: (reason) => {
      dropped.push(reason);
    },
    onFailed: (error) => failed.push(error),
    ...options,
  });
  return { queue: made, dropped, failed };
}

describe('the push queue', () => {
  it('never runs a task in the turn that adds it', async () => {
    const { queue: work } = queue();
    let ran = false;
    work.add(
      job(async () => {
        ran = true;
      }),
    );
    expect(ran).toBe(false);
    await work.close(1_000);
    expect(ran).toBe(true);
  });

  it('runs at most `concurrency` tasks at once', async () => {
    const { queue: work } = queue({ concurrency: 2 });
    let running = 0;
    let most = 0;
    for (let index = 0; index < 6; index += 1) {
      work.add(
        job(async () => {
          running += 1;
          most = Math.max(most, running);
          await pause(10);
          running -= 1;
        }),
      );
    }
    await work.close(5_000);
    expect(most).toBe(2);
  });

  it('drops work beyond the waiting bound, and after closing', async () => {
    const { queue: work, dropped } = queue({ maxWaiting: 2 });
    for (let index = 0; index < 4; index += 1) work.add(job(async () => {}));
    expect(dropped).toEqual(['full', 'full']);
    await work.close(1_000);
    work.add(job(async () => {}));
    expect(dropped).toEqual(['full', 'full', 'closed']);
  });

  it('reports a failing task and one that runs too long, and goes on', async () => {
    const { queue: work, failed } = queue({ taskTimeoutMs: 20 });
    let after = false;
    work.add(
      job(async () => {
        throw new Error('push service down');
      }),
    );
    work.add(job(() => new Promise(() => {})));
    work.add(
      job(async () => {
        after = true;
      }),
    );
    await work.close(1_000);
    expect(failed.map((error) => (error as Error).message)).toEqual([
      'push service down',
      'gave up after 20 ms',
    ]);
    expect(after).toBe(true);
  });

  it('waits for work added by running work when closing, up to the grace period', async () => {
    const { queue: work, dropped } = queue({ concurrency: 1 });
    const done: string[] = [];
    work.add(
      job(async () => {
        await pause(10);
        work.add(
          job(async () => {
            done.push('child');
          }),
        );
        done.push('parent');
      }),
    );
    await work.close(1_000);
    expect(done).toEqual(['parent', 'child']);

    const { queue: slow, dropped: slowDropped } = queue({ concurrency: 1 });
    slow.add(job(() => pause(200)));
    slow.add(job(async () => {}));
    const started = Date.now();
    await slow.close(50);
    expect(Date.now() - started).toBeLessThan(150);
    expect(slowDropped).toEqual(['closed']);
    expect(dropped).toEqual([]);
  });
});

/** Lets the queue take what it can (it starts work on the next turn of the event loop). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Jobs that record when they start and finish only when released. */
function recorder() {
  const started: string[] = [];
  const releases: Array<() => void> = [];
  const make = (name: string, event: string, host: string | null, key?: string): PushJob => ({
    event,
    host,
    ...(key === undefined ? {} : { key }),
    run: () =>
      new Promise<void>((resolve) => {
        started.push(name);
        releases.push(resolve);
      }),
  });
  /** Releases every job, those started meanwhile too, and closes the queue. */
  const finish = async (work: PushQueue) => {
    while (work.size > 0) {
      for (const release of releases.splice(0)) release();
      await settle();
    }
    await work.close(1_000);
  };
  return { started, make, finish };
}

describe('the push queue between events and push services', () => {
  it('gives another event a slot at once while one event’s browsers never answer', async () => {
    const { queue: work } = queue({
      concurrency: 8,
      perEvent: 2,
      perHost: 8,
      maxWaitingPerEvent: 100,
      maxWaiting: 100,
      taskTimeoutMs: 60_000,
    });
    const { started, make, finish } = recorder();
    for (let index = 0; index < 50; index += 1) {
      work.add(make(`busy-${index}`, 'busy', 'push.example'));
    }
    await settle();
    work.add(make('quiet', 'quiet', 'push.example'));
    await settle();
    // The busy event holds its two slots; the quiet one is not behind its 48 waiting sends.
    expect(started).toEqual(['busy-0', 'busy-1', 'quiet']);
    await finish(work);
  });

  it('lets events take turns, one job each', async () => {
    const { queue: work } = queue({ concurrency: 1, perEvent: 1, maxWaitingPerEvent: 20 });
    const order: string[] = [];
    const named = (name: string, event: string): PushJob => ({
      event,
      host: null,
      run: async () => {
        order.push(name);
      },
    });
    for (const name of ['a1', 'a2', 'a3', 'a4']) work.add(named(name, 'a'));
    for (const name of ['b1', 'b2']) work.add(named(name, 'b'));
    work.add(named('c1', 'c'));
    await work.close(1_000);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
  });

  it('lets a slow push service take no more than its share of the slots', async () => {
    const { queue: work } = queue({
      concurrency: 6,
      perEvent: 2,
      perHost: 3,
      taskTimeoutMs: 60_000,
    });
    const { started, make, finish } = recorder();
    for (const event of ['e1', 'e2', 'e3']) {
      for (const index of [1, 2]) work.add(make(`${event}-${index}`, event, 'slow.example'));
    }
    work.add(make('e4-fast', 'e4', 'fast.example'));
    await settle();
    expect(started.filter((name) => name !== 'e4-fast')).toHaveLength(3);
    expect(started).toContain('e4-fast');
    await finish(work);
  });

  it('sends only the newer of two waiting messages to the same browser', async () => {
    const { queue: work, dropped } = queue();
    const { started, make, finish } = recorder();
    work.add(make('first', 'e', 'push.example', 'browser-1 expense-1'));
    work.add(make('second', 'e', 'push.example', 'browser-1 expense-1'));
    work.add(make('other', 'e', 'push.example', 'browser-2 expense-1'));
    await settle();
    expect(started).toEqual(['second', 'other']);
    expect(dropped).toEqual(['replaced']);
    await finish(work);
  });

  it('drops the oldest waiting job of an event over its bound, and of the longest line when all are full', async () => {
    const { queue: work, dropped } = queue({ maxWaitingPerEvent: 3, maxWaiting: 5 });
    const { started, make, finish } = recorder();
    for (const index of [1, 2, 3, 4, 5]) work.add(make(`a${index}`, 'a', null));
    expect(dropped).toEqual(['full', 'full']);
    work.add(make('b1', 'b', null));
    work.add(make('b2', 'b', null));
    // Five wait now (a3–a5, b1, b2): one more drops a3, the oldest of the longest line.
    work.add(make('c1', 'c', null));
    expect(dropped).toEqual(['full', 'full', 'full']);
    await settle();
    expect(started).toEqual(['a4', 'b1']);
    await finish(work);
  });
});
