import type { User } from '@quits/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { eventKeys } from '../../events/api/event-keys';

/** DELETE /users/{id}: refused (409) while an expense or payment still names the person. */
export function useRemovePerson(eventId: string, whoAmI: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (personId: string) =>
      apiRequest<User>(`/users/${encodeURIComponent(personId)}`, { method: 'DELETE', whoAmI }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) }),
  });
}
