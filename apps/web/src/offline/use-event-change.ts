import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventKeys } from '../features/events/api/event-keys';
import type { Change } from './commands';
import type { ChangeOutcome } from './send-change';

/**
 * A mutation that makes one kind of change to an event through `sendChange`: straight to the
 * server when it can, else into the offline queue. The event is fetched again either way.
 * `sendChange` loads with the first change made, so screens that only show stay lighter.
 */
export function useEventChange<Input, Answer = unknown>(
  eventId: string,
  whoAmI: string | null,
  toChange: (input: Input) => Change,
) {
  const queryClient = useQueryClient();
  return useMutation<ChangeOutcome<Answer>, Error, Input>({
    mutationFn: async (input) => {
      const { sendChange } = await import('./send-change');
      return sendChange<Answer>(eventId, toChange(input), whoAmI);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) }),
  });
}
