// The events feature's entry: what the other features may use of it. The rest of the folder
// is its own (npm run lint keeps it so).
export { activityKey } from './activity-key';
export { useDeleteEvent } from './api/delete-event';
export { eventKeys } from './api/event-keys';
export { restoreEvent } from './api/restore-event';
export { useUpdateEvent } from './api/update-event';
export { useEvent } from './api/use-event';
export { CloseEventSection } from './components/close-event-section';
export { ClosedEventBanner } from './components/closed-event-banner';
export { EventLoadState } from './components/event-load-state';
export { WhoAmIDialog } from './components/who-am-i-dialog';
export { entitySubject } from './entity-subject';
export { forgetEvent, rememberEvent } from './local-events';
export { forgetWhoAmI, useWhoAmI } from './who-am-i';
