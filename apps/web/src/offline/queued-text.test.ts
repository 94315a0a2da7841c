import { dismissMessage } from '@web/lib/notices';
import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queuedText } from './queued-text';

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
});
