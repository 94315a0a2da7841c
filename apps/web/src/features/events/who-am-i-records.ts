/**
 * The spec's `whoami` list: which person this device is, per event. Read by the app
 * (who-am-i.ts) and by the first-screen script (app/first-screen-script/), which checks that a
 * screen the server rendered was rendered for the same person. No imports: the first-screen
 * script is inlined in every page.
 */
export interface WhoAmIRecord {
  id: string;
  event_id: string;
}

/** A list of records, each with both ids: anything else (another app's leftovers) is no list. */
export const isWhoAmIRecords = (value: unknown): value is WhoAmIRecord[] =>
  Array.isArray(value) &&
  value.every((item) => typeof item?.id === 'string' && typeof item?.event_id === 'string');

/** The person this device is in the event, or null until it says. */
export function whoAmIOf(records: readonly WhoAmIRecord[], eventId: string): string | null {
  return records.find((record) => record.event_id === eventId)?.id ?? null;
}
