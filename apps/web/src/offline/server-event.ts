import type { Event } from '@quits/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { eventKeys } from '@web/features/events/api/event-keys';
import { localEvent } from '@web/features/events/local-events';
import { useState } from 'react';

/**
 * The event as the server last gave it to this device: the query's data (or, before the first
 * answer, the copy kept on the device), without the waiting changes that `useEvent` applies.
 * Undefined for an event made on this device that the server does not have yet.
 */
export function serverEvent(queryClient: QueryClient, eventId: string): Event | undefined {
  return queryClient.getQueryData<Event>(eventKeys.detail(eventId)) ?? localEvent(eventId);
}

/**
 * The server's copy as it was when the screen opened: an edit made on that screen is measured
 * against it, so that a change another device made while the form was open is not overwritten
 * by the form's older values (the server sees it as theirs, not as this device's).
 */
export function useServerEventAtStart(eventId: string): Event | undefined {
  const queryClient = useQueryClient();
  const [event] = useState(() => serverEvent(queryClient, eventId));
  return event;
}
