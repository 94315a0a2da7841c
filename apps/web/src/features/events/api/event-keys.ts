/** Query keys of events, from one factory so that invalidation never depends on typed keys. */
export const eventKeys = {
  all: ['events'] as const,
  detail: (eventId: string) => ['events', eventId] as const,
  activity: (eventId: string) => ['events', eventId, 'activity'] as const,
  /** The whole history, page by page (an infinite query, so apart from `activity`). */
  history: (eventId: string) => ['events', eventId, 'history'] as const,
};
