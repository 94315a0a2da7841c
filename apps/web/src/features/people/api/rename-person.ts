import type { User } from '@quits/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { eventKeys } from '../../events/api/event-keys';

/** PUT /users/{id}: a new name; expenses and payments keep pointing at the same person. */
export function useRenamePerson(eventId: string, whoAmI: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; name: string }) =>
      apiRequest<User>(`/users/${encodeURIComponent(input.id)}`, {
        method: 'PUT',
        body: { name: input.name },
        whoAmI,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) }),
  });
}
