import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removeCommands } from './command-queue';
import type { Change } from './commands';
import type { ChangeOutcome } from './send-change';

/**
 * A mutation that makes one kind of change to an event through `sendChange`: straight to the
 * server when it can, else into the offline queue. The event is brought up to date either way.
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
    // The change itself, and any other made meanwhile, since the version held: never the whole.
    onSuccess: async () => {
      const { syncEvent } = await import('@web/realtime/event-sync');
      await syncEvent(queryClient, eventId);
    },
  });
}
