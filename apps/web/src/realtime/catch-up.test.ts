import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { eventKeys } from '@web/features/events/api/event-keys';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catchUpAfterJoin } from './catch-up';

const EVENT_ID = 'ePPUbBK4SwaFdV-grodJMQ';

/** An open event whose reads are counted; each read waits until `answer` is called. */
function openEvent() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const pending: (() => void)[] = [];
  let reads = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey: eventKeys.detail(EVENT_ID),
    queryFn: () =>
      new Promise<number>((resolve) => {
        reads += 1;
        const read = reads;
        pending.push(() => resolve(read));
      }),
  });
  const stop = observer.subscribe(() => {});
  const answerAll = async () => {
    while (pending.length > 0) {
      pending.shift()?.();
      await Promise.resolve();
    }
  };
  return { queryClient, reads: () => reads, answerAll, stop };
}

describe('catching up after joining the channel', () => {
  let stop = () => {};
  afterEach(() => stop());

  it('reads the event once when no read is under way', async () => {
    const open = openEvent();
    stop = open.stop;
    await open.answerAll();
    const caughtUp = catchUpAfterJoin(open.queryClient, EVENT_ID);
    await open.answerAll();
    await caughtUp;
    // The page's first read, and the one after the join.
    expect(open.reads()).toBe(2);
  });

  it('lets a read under way finish, then reads once more, as it may predate the join', async () => {
    const open = openEvent();
    stop = open.stop;
    // The page's first read is still on its way when the join comes.
    const caughtUp = catchUpAfterJoin(open.queryClient, EVENT_ID);
    expect(open.reads()).toBe(1);
    await open.answerAll();
    await vi.waitFor(() => expect(open.reads()).toBe(2));
    await open.answerAll();
    await caughtUp;
    expect(open.reads()).toBe(2);
    expect(open.queryClient.getQueryData(eventKeys.detail(EVENT_ID))).toBe(2);
  });
});
