import { type EventCreate, isUnguessableEventId, timeZoneSchema } from '@quits/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventFromCreate } from '@web/offline/apply-command';
import { sendChange } from '@web/offline/send-change';
import { rememberEvent } from '../local-events';
import { setWhoAmI } from '../who-am-i';
import { eventKeys } from './event-keys';

export interface NewEventInput {
  name: string;
  desc: string;
  currency_id: string;
  users: { name: string }[];
  /** Which of `users` this device is (an index), or null to ask later. */
  creator: number | null;
}

/**
 * A new event id: 128 random bits in 22 URL-safe characters, as the server makes them. The
 * server refuses a proposed id that looks easy to guess (about once in forty million random
 * ones): such a draw is drawn again, so that a create made offline is never refused later.
 */
function newEventId(): string {
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const id = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    if (isUnguessableEventId(id)) return id;
  }
}

/**
 * POST /events with ids made here, so that it works offline too (the event waits in the queue)
 * and a replay creates it once; the event joins the local list and becomes the active one.
 * The creator, when chosen, is this device's "who am I" in the event from its first change.
 */
export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewEventInput) => {
      const { creator, ...fields } = input;
      const body: EventCreate & { id: string } = {
        ...fields,
        id: newEventId(),
        users: input.users.map((user) => ({ id: crypto.randomUUID(), name: user.name })),
        currency_rates: [],
        // The creator's own time zone: the day a recurring expense falls due is counted in it.
        ...creatorTimeZone(),
      };
      // Who this device is, known before the event exists: the server credits the creation and
      // every first change to that person, and the event's home asks nothing.
      const me = creator === null ? null : (body.users[creator]?.id ?? null);
      const outcome = await sendChange<import('@quits/contract').Event>(
        body.id,
        { kind: 'event.create', body },
        me,
      );
      const event = outcome.queued ? eventFromCreate(body, new Date().toISOString()) : outcome.data;
      rememberEvent(event);
      if (me) setWhoAmI(event.id, me);
      if (!outcome.queued) queryClient.setQueryData(eventKeys.detail(event.id), event);
      return event;
    },
  });
}

/** The device's IANA time zone when the browser tells it and the contract takes it. */
function creatorTimeZone(): { time_zone?: string } {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && timeZoneSchema.safeParse(zone).success ? { time_zone: zone } : {};
}
