// The events feature's entry: what the other features may use of it. The rest of the folder
// is its own (npm run lint keeps it so).
export { activityKey } from './activity-key';
export { useDeleteEvent } from './api/delete-event';
export { eventKeys } from './api/event-keys';
export { restoreEvent } from './api/restore-event';
export { useUpdateEvent } from './api/update-event';
export { useEvent } from './api/use-event';
export { AddExpenseButton } from './components/add-expense-button';
export { CloseEventSection } from './components/close-event-section';
export { ClosedEventBanner } from './components/closed-event-banner';
export { ClosedEventLock } from './components/closed-event-lock';
export {
  EventCreationClosed,
  useCreationPassword,
  useEventCreation,
} from './components/event-creation-access';
export { EventLoadState } from './components/event-load-state';
export { NoExpensesYet } from './components/no-expenses-yet';
export { WhoAmIDialog } from './components/who-am-i-dialog';
export { entitySubject } from './entity-subject';
export { forgetEvent, rememberEvent } from './local-events';
export { forgetWhoAmI, useWhoAmI } from './who-am-i';
