import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queuedText } from './queued-text';

const t = ((key: string) => key) as unknown as TFunction;

describe('what a queued change says', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('promises sending once online only to a device that is offline', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(queuedText(t)).toBe('sync.keptOnDevice');
  });

  it('says it will be sent in a moment on a device that is online', () => {
    vi.stubGlobal('navigator', { onLine: true });
    expect(queuedText(t)).toBe('sync.keptWhileOnline');
  });
});
