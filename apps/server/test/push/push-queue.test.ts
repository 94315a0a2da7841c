import { describe, expect, it } from 'vitest';
import { PushQueue, type PushQueueOptions } from '../../src/push/push-queue';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function queue(options: Partial<PushQueueOptions> = {}) {
  const dropped: string[] = [];
  const failed: unknown[] = [];
  const made = new PushQueue({
    concurrency: 2,
    maxWaiting: 10,
    taskTimeoutMs: 1_000,
    onDropped: (reason) => dropped.push(reason),
    onFailed: (error) => failed.push(error),
    ...options,
  });
  return { queue: made, dropped, failed };
}

describe('the push queue', () => {
  it('never runs a task in the turn that adds it', async () => {
    const { queue: work } = queue();
    let ran = false;
    work.add(async () => {
      ran = true;
    });
    expect(ran).toBe(false);
    await work.close(1_000);
    expect(ran).toBe(true);
  });

  it('runs at most `concurrency` tasks at once', async () => {
    const { queue: work } = queue({ concurrency: 2 });
    let running = 0;
    let most = 0;
    for (let index = 0; index < 6; index += 1) {
      work.add(async () => {
        running += 1;
        most = Math.max(most, running);
        await pause(10);
        running -= 1;
      });
    }
    await work.close(5_000);
    expect(most).toBe(2);
  });

  it('drops work beyond the waiting bound, and after closing', async () => {
    const { queue: work, dropped } = queue({ maxWaiting: 2 });
    for (let index = 0; index < 4; index += 1) work.add(async () => {});
    expect(dropped).toEqual(['full', 'full']);
    await work.close(1_000);
    work.add(async () => {});
    expect(dropped).toEqual(['full', 'full', 'closed']);
  });

  it('reports a failing task and one that runs too long, and goes on', async () => {
    const { queue: work, failed } = queue({ taskTimeoutMs: 20 });
    let after = false;
    work.add(async () => {
      throw new Error('push service down');
    });
    work.add(() => new Promise(() => {}));
    work.add(async () => {
      after = true;
    });
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
    work.add(async () => {
      await pause(10);
      work.add(async () => {
        done.push('child');
      });
      done.push('parent');
    });
    await work.close(1_000);
    expect(done).toEqual(['parent', 'child']);

    const { queue: slow, dropped: slowDropped } = queue({ concurrency: 1 });
    slow.add(() => pause(200));
    slow.add(async () => {});
    const started = Date.now();
    await slow.close(50);
    expect(Date.now() - started).toBeLessThan(150);
    expect(slowDropped).toEqual(['closed']);
    expect(dropped).toEqual([]);
  });
});
