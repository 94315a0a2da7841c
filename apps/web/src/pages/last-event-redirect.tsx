import { Navigate } from 'react-router';
import { activeEventId } from '../features/events/local-events';

/** /last-event: the last active event's home if one is stored, otherwise home (spec §4). */
export function LastEventRedirect() {
  const eventId = activeEventId();
  return <Navigate replace to={eventId ? `/event/${eventId}/home` : '/'} />;
}
