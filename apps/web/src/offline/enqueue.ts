import { changeQueue } from './command-queue';
import type { Command } from './commands';

// Adding to the queue, apart from the queue itself, which every screen loads to show what waits:
// this is needed only once a change is made, and loads with `send-change.ts`.

/**
 * `newer` in the place of `older`, a waiting save of the same entry: the server gets one write
 * with the latest content, measured against the FIRST base, since the newer edit was made on top
 * of the older one and so carries its changes too. An entry made on this device and still
 * waiting (a create) stays without a base.
 */
export function inPlaceOf(newer: Command, older: Command): Command {
  const { change } = newer;
  const first = older.change;
  if (change.kind === 'expense.save' && first.kind === 'expense.save') {
    return {
      ...newer,
      id: older.id,
      change: { ...change, body: withBase(change.body, first.body.base) },
    };
  }
  if (change.kind === 'payment.save' && first.kind === 'payment.save') {
    return {
      ...newer,
      id: older.id,
      change: { ...change, body: withBase(change.body, first.body.base) },
    };
  }
  if (change.kind === 'person.rename' && first.kind === 'person.rename') {
    const { base: _newer, ...rest } = change;
    return { ...newer, id: older.id, change: first.base ? { ...rest, base: first.base } : rest };
  }
  return { ...newer, id: older.id };
}

/** `body` with `base` as its base, or with none when `base` is undefined. */
function withBase<Body extends { base?: unknown }>(body: Body, base: Body['base']): Body {
  const { base: _replaced, ...rest } = body;
  return base === undefined ? ({ ...rest } as Body) : { ...body, base };
}

/** The entity a save writes, so that a newer save of it can take the older one's place. */
function savedId(command: Command): string | null {
  const { change } = command;
  if (change.kind === 'person.rename') return change.personId;
  // A later presence list or set of payment details replaces a waiting one of the same kind,
  // keyed apart from a rename of the same person (which it must not take the place of).
  if (change.kind === 'person.presence') return `presence:${change.personId}`;
  if (change.kind === 'person.defaultWeight') return `default-weight:${change.personId}`;
  if (change.kind === 'person.paymentDetails') return `payment-details:${change.personId}`;
  return change.kind === 'expense.save' || change.kind === 'payment.save' ? change.body.id : null;
}

/**
 * Adds a change at the end of the queue, or, when it saves an expense or payment (or renames a
 * person) that already waits to be saved, in that save's place (keeping the first save's base): the server then gets
 * one write with the latest content, and a queue replayed twice sends the same content twice,
 * which changes nothing.
 */
export const enqueue = (command: Command) =>
  changeQueue((queue) => {
    const id = savedId(command);
    const index = queue.findIndex(
      (queued) =>
        id !== null &&
        !queued.rejected &&
        queued.change.kind === command.change.kind &&
        savedId(queued) === id,
    );
    if (index < 0) return [...queue, command];
    return queue.map((queued, i) => (i === index ? inPlaceOf(command, queued) : queued));
  });
