import { ApiError, apiRequest } from '@web/lib/http';
import { queuedCommands } from './command-queue';
import { commandRequest } from './command-request';
import type { Change, Command } from './commands';
import { enqueue } from './enqueue';
import { replayQueueLater } from './replay-later';
import { noteServerPause, pauseSeconds } from './replay-pause';

/** How a change went: applied by the server (with its answer), or queued to be replayed. */
export type ChangeOutcome<T> = { queued: false; data: T } | { queued: true };

/**
 * Makes a change to an event. Online with nothing waiting, it goes straight to the server, so a
 * refusal (422 with its field errors) reaches the form at once. Offline, or behind changes still
 * waiting (order matters), or asked by the server to pause (429), it joins the persistent queue
 * and shows at once on this device.
 */
export async function sendChange<T>(
  eventId: string,
  change: Change,
  whoAmI: string | null,
): Promise<ChangeOutcome<T>> {
  const command: Command = {
    id: crypto.randomUUID(),
    eventId,
    change,
    whoAmI,
    createdAt: new Date().toISOString(),
  };
  const waiting = queuedCommands().some((queued) => !queued.rejected);
  if (navigator.onLine && !waiting) {
    try {
      const { method, path, body } = commandRequest(command);
      return { queued: false, data: await apiRequest<T>(path, { method, body, whoAmI }) };
    } catch (error) {
      // Offline, or the server asks for a pause (429): the change waits in the queue, which
      // is sent again after the pause the server asked for. Other refusals reach the form.
      const waits = error instanceof ApiError && (error.status === 0 || error.status === 429);
      if (!waits) throw error;
      if (error.status === 429) noteServerPause(pauseSeconds(error.retryAfterSeconds));
    }
  }
  await enqueue(command);
  if (navigator.onLine) replayQueueLater();
  return { queued: true };
}
