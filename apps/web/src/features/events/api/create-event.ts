import type { Event } from '@quits/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { rememberEvent } from '../local-events';
import { eventKeys } from './event-keys';

export interface NewEventInput {
  name: string;
  desc: string;
  currency_id: string;
  users: { name: string }[];
}

/** POST /events; the new event joins the local list and becomes the active one. */
export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewEventInput) =>
      apiRequest<Event>('/events', { method: 'POST', body: input }),
    onSuccess: (event) => {
      rememberEvent(event);
      queryClient.setQueryData(eventKeys.detail(event.id), event);
    },
  });
}
