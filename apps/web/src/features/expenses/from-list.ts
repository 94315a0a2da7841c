/**
 * What a link from the expense list gives the expense form as its history state: saved or
 * deleted, the form steps back to the list, with its search, filters and rows as they were,
 * rather than to the event's home.
 */
export const FROM_LIST = { fromList: true } as const;

/** Whether the form was opened from the expense list (its history state). */
export function openedFromList(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && 'fromList' in state && state.fromList === true
  );
}
