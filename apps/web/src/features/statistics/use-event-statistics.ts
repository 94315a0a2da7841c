import type { Event } from '@quits/contract';
import { computeStatistics, type EventStatistics } from '@quits/domain';
import { useQuery } from '@tanstack/react-query';
import { currenciesQuery } from '@web/features/currencies';
import { eventRateTable } from '@web/lib/event-rates';
import { useMemo } from 'react';

/** The screen's filters as the fields hold them: '' means "not set". */
export interface StatisticsFilterState {
  /** `YYYY-MM-DD` or ''. */
  from: string;
  to: string;
  /** A person's id for their share, or '' for the whole group. */
  personId: string;
}

export const NO_FILTER: StatisticsFilterState = { from: '', to: '', personId: '' };

/**
 * The event's statistics under the filters, computed on the device by the domain (so they
 * follow every change at once, offline ones included), at the same rates as the balances.
 *
 * @returns undefined before the event has loaded; null when the amounts, converted, are too
 *   large to add up exactly
 */
export function useEventStatistics(
  event: Event | undefined,
  filter: StatisticsFilterState,
): EventStatistics | null | undefined {
  const currencies = useQuery(currenciesQuery()).data;
  return useMemo(() => {
    if (!event) return undefined;
    const rates = eventRateTable(event, currencies ?? []);
    try {
      return computeStatistics({
        user_ids: event.users.map((user) => user.id),
        expenditures: event.expenditures,
        rates,
        filter: {
          from: filter.from || null,
          to: filter.to || null,
          person_id: filter.personId || null,
        },
      });
    } catch (error) {
      if (error instanceof RangeError) return null;
      throw error;
    }
  }, [event, currencies, filter]);
}
