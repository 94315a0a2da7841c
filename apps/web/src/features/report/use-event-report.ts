import type { Event } from '@quits/contract';
import { buildEventReport, type EventReport } from '@quits/domain';
import { useQuery } from '@tanstack/react-query';
import { currenciesQuery } from '@web/features/currencies';
import { apiUrl } from '@web/lib/base-path';
import { eventRateTable } from '@web/lib/event-rates';
import { useMemo } from 'react';

/** The statement's date range as the fields hold it: `YYYY-MM-DD` or '' for "not set". */
export interface ReportRange {
  from: string;
  to: string;
}

/**
 * The event's statement, computed on the device by the domain from the event as it is here
 * (offline changes included), at the same rates as the balances and the PDF.
 *
 * @returns undefined before the event has loaded; null when the amounts, converted, are too
 *   large to add up exactly
 */
export function useEventReport(
  event: Event | undefined,
  range: ReportRange,
): EventReport | null | undefined {
  const currencies = useQuery(currenciesQuery()).data;
  return useMemo(() => {
    if (!event) return undefined;
    try {
      return buildEventReport({
        user_ids: event.users.map((user) => user.id),
        expenditures: event.expenditures,
        payments: event.payments,
        rates: eventRateTable(event, currencies ?? []),
        from: range.from || null,
        to: range.to || null,
      });
    } catch (error) {
      if (error instanceof RangeError) return null;
      throw error;
    }
  }, [event, currencies, range]);
}

/** The server's PDF of the same statement, in the person's language. */
export function reportPdfHref(eventId: string, language: string, range: ReportRange): string {
  const query = new URLSearchParams({ lang: language });
  if (range.from) query.set('from', range.from);
  if (range.to) query.set('to', range.to);
  return apiUrl(`/events/${encodeURIComponent(eventId)}/report?${query}`);
}
