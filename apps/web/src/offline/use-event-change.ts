import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventKeys } from '@web/features/events/api/event-keys';
import { removeCommands } from './command-queue';
import type { Change } from './commands';
import type { ChangeOutcome } from './send-change';

/**
 * A mutation that makes one kind of change to an event through `sendChange`: straight to the
 * server when it can, else into the offline queue. The event is fetched again either way.
 * `sendChange` loads with the first change made, so screens that only show stay lighter.
 * `replaces` names a refused change that this one corrects: once this one is sent or waiting,
 * the refused one is dropped.
 */
export function useEventChange<Input, Answer = unknown>(
  eventId: string,
  whoAmI: string | null,
  toChange: (input: Input) => Change,
  replaces?: string,
) {
  const queryClient = useQueryClient();
  return useMutation<ChangeOutcome<Answer>, Error, Input>({
    mutationFn: async (input) => {
      const { sendChange } = await import('./send-change');
      const outcome = await sendChange<Answer>(eventId, toChange(input), whoAmI);
      if (replaces) await removeCommands(new Set([replaces]));
      return outcome;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) }),
  });
}
