import { activeEventId } from '@web/features/events/local-events';
import { Navigate } from 'react-router';

/** /last-event: the last active event's home if one is stored, otherwise home (spec §4). */
export function LastEventRedirect() {
  const eventId = activeEventId();
  return <Navigate replace to={eventId ? `/event/${eventId}/home` : '/'} />;
}
