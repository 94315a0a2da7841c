import { ApiError, apiRequest } from '@web/lib/http';
import { notify } from '@web/lib/notices';
import { queryClient } from '@web/lib/query-client';
import { syncEvent } from '@web/realtime/event-sync';
import i18next from 'i18next';
import { loadQueue, rejectCommand, removeCommands } from './command-queue';
import { commandRequest } from './command-request';
import type { Command } from './commands';
import { refusalOf } from './refusal';
import { pauseForServer, pauseSeconds, waitOutNotedPause } from './replay-pause';

/** What one replay did: changes sent, changes the server refused, and whether it went offline. */
export interface ReplayOutcome {
  sent: number;
  rejected: number;
  interrupted: boolean;
}

let running: Promise<ReplayOutcome> | null = null;

/**
 * Sends the waiting changes in order, each exactly once. One tab at a time replays (a Web Lock),
 * reading the queue afresh, so two tabs never send the same entry twice; an entry sent just
 * before a tab died is sent again, which the server's create-or-update by id makes harmless.
 * A network failure stops the run (the rest waits, in order); a refused change is marked and
 * kept for the person to see, and the others still go through. "Too many requests" (429, a
 * group catching up on a day offline at once) pauses the run as long as the server asks, then
 * the same change is sent again: nothing is dropped or reordered.
 */
export function replayQueue(): Promise<ReplayOutcome> {
  if (!running) {
    running = replayExclusively().finally(() => {
      running = null;
    });
  }
  return running;
}

async function replayExclusively(): Promise<ReplayOutcome> {
  if (!navigator.locks) return replayOnce();
  return await navigator.locks.request('quits-replay', replayOnce);
}

async function replayOnce(): Promise<ReplayOutcome> {
  const outcome: ReplayOutcome = { sent: 0, rejected: 0, interrupted: false };
  // A pause the server asked of a change sent from a form: asking again sooner is refused too.
  await waitOutNotedPause();
  const sent = new Set<string>();
  const events = new Set<string>();
  for (const command of await loadQueue()) {
    if (command.rejected) continue;
    try {
      await sendWhenAllowed(command);
      sent.add(command.id);
      events.add(command.eventId);
      outcome.sent++;
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      // Offline, or the server in trouble: try again later, keeping the order.
      if (status === 0 || status >= 500) {
        outcome.interrupted = true;
        break;
      }
      // Kept whole (field errors, conflicts, removed people), to be worded and acted on.
      await rejectCommand(command.id, refusalOf(error));
      events.add(command.eventId);
      outcome.rejected++;
    }
  }
  // Fetch the server's state first, then drop the sent entries: the screens never flash the
  // state from before the changes. Applying a sent change again to fresh state changes nothing.
  await Promise.all(
    [...events].map((eventId) => syncEvent(queryClient, eventId).catch(() => undefined)),
  );
  if (sent.size > 0) await removeCommands(sent);
  return outcome;
}

/** Sends one change, pausing and sending it again for as long as the server answers 429. */
async function sendWhenAllowed(command: Command): Promise<void> {
  const { method, path, body } = commandRequest(command);
  let told = false;
  for (;;) {
    try {
      await apiRequest(path, { method, body, whoAmI: command.whoAmI });
      return;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 429)) throw error;
      const seconds = pauseSeconds(error.retryAfterSeconds);
      // Said once per change held back: the changes are safe and go on by themselves.
      if (!told) notify(i18next.t('rateLimit.paused', { count: seconds }), 'info');
      told = true;
      await pauseForServer(seconds);
    }
  }
}
