import { createStore, get, update } from 'idb-keyval';
import { useSyncExternalStore } from 'react';
import type { Command } from './commands';

/**
 * The persistent queue of changes waiting for the server, in IndexedDB so that it survives a
 * reload, a closed tab and a restarted browser. Every write is one IndexedDB transaction, so two
 * tabs never lose each other's entries; a BroadcastChannel tells the other tabs to re-read.
 */
const store = createStore('quits', 'offline');
const KEY = 'queue';
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('quits-queue') : null;

let commands: readonly Command[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly Command[]): void {
  commands = next;
  for (const listener of listeners) listener();
}

/** Reads the queue from the device; the in-memory copy follows. */
export async function loadQueue(): Promise<readonly Command[]> {
  publish((await get<Command[]>(KEY, store)) ?? []);
  return commands;
}

/** Edits the queue in one IndexedDB transaction, then tells this tab's screens and the others. */
export async function changeQueue(edit: (queue: Command[]) => Command[]): Promise<void> {
  let next: Command[] = [];
  await update<Command[]>(
    KEY,
    (queue) => {
      next = edit(queue ?? []);
      return next;
    },
    store,
  );
  publish(next);
  channel?.postMessage('changed');
}

channel?.addEventListener('message', () => void loadQueue());

/**
 * Puts `command` in the place of the refused change `id` (the person settled or edited it) and
 * lets it wait to be sent again: it keeps its place in the order.
 */
export const replaceCommand = (id: string, command: Command) =>
  changeQueue((queue) => {
    const { rejected: _settled, ...waiting } = command;
    // Discarded meanwhile in another tab: the person's newer decision still goes out.
    if (!queue.some((queued) => queued.id === id)) return [...queue, { ...waiting, id }];
    return queue.map((queued) => (queued.id === id ? { ...waiting, id } : queued));
  });

export const removeCommands = (ids: ReadonlySet<string>) =>
  changeQueue((queue) => queue.filter((command) => !ids.has(command.id)));

export const rejectCommand = (id: string, rejected: NonNullable<Command['rejected']>) =>
  changeQueue((queue) =>
    queue.map((command) => (command.id === id ? { ...command, rejected } : command)),
  );

/** The queue as this tab knows it, oldest first. */
export function queuedCommands(): readonly Command[] {
  return commands;
}

export function useQueue(): readonly Command[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => commands,
    () => commands,
  );
}
