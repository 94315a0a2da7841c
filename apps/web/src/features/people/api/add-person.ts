import type { User } from '@quits/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { eventKeys } from '../../events/api/event-keys';

/** POST /users with a client id, so that a retried call adds the person once. */
export function useAddPerson(eventId: string, whoAmI: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest<User>('/users', {
        method: 'POST',
        body: { id: crypto.randomUUID(), event_id: eventId, name },
        whoAmI,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) }),
  });
}
