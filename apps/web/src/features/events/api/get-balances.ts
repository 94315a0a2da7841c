import type { Balances } from '@quits/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { eventKeys } from './event-keys';

/** GET /events/{id}/balances: balances per person and the suggested transfers. */
export const balancesQuery = (eventId: string) =>
  queryOptions({
    queryKey: eventKeys.balances(eventId),
    queryFn: ({ signal }) =>
      apiRequest<Balances>(`/events/${encodeURIComponent(eventId)}/balances`, { signal }),
  });
