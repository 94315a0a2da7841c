import { loadQueue, queuedCommands } from './command-queue';
import { replayQueueLater } from './replay-later';
import { loadSyncTimes } from './sync-times';

/** How often a queue that could not be sent is tried again while the device seems online. */
const RETRY_MS = 30_000;

/**
 * Reads the queue and sync times before the first screen, then replays whenever the device
 * comes back online, at start, and every half minute while changes wait.
 */
export async function startOffline(): Promise<void> {
  await Promise.all([loadQueue().catch(() => undefined), loadSyncTimes().catch(() => undefined)]);
  const replayIfWaiting = () => {
    if (navigator.onLine && queuedCommands().some((command) => !command.rejected)) {
      replayQueueLater();
    }
  };
  window.addEventListener('online', replayIfWaiting);
  setInterval(replayIfWaiting, RETRY_MS);
  replayIfWaiting();
}
