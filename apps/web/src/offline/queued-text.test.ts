import { dismissMessage } from '@web/lib/notices';
import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queuedText } from './queued-text';
import { noteServerPause, waitOutNotedPause } from './replay-pause';

vi.mock('@web/lib/notices', () => ({ dismissMessage: vi.fn() }));

const t = ((key: string) => key) as unknown as TFunction;

describe('what a queued change says', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(dismissMessage).mockClear();
  });

  it('promises sending once online only to a device that is offline, and takes it back once online', () => {
    const browser = new EventTarget();
    vi.stubGlobal('navigator', { onLine: false });
    vi.stubGlobal('window', browser);
    expect(queuedText(t)).toBe('sync.keptOnDevice');
    expect(dismissMessage).not.toHaveBeenCalled();
    browser.dispatchEvent(new Event('online'));
    expect(dismissMessage).toHaveBeenCalledWith('sync.keptOnDevice');
  });

  it('says it will be sent in a moment on a device that is online', () => {
    vi.stubGlobal('navigator', { onLine: true });
    expect(queuedText(t)).toBe('sync.keptWhileOnline');
    expect(dismissMessage).not.toHaveBeenCalled();
  });

  it('names the pause the server asked for while it lasts, then says "in a moment" again', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { onLine: true });
    const say = ((key: string, options?: { count?: number }) =>
      options?.count === undefined ? key : `${key}:${options.count}`) as unknown as TFunction;
    noteServerPause(2);
    expect(queuedText(say)).toBe('rateLimit.paused:2');
    const waited = waitOutNotedPause();
    await vi.advanceTimersByTimeAsync(2000);
    await waited;
    expect(queuedText(say)).toBe('sync.keptWhileOnline');
    vi.useRealTimers();
  });
});
