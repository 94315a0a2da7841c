// The recurring feature's entry: what the other features may use of it. The rest of the folder
// is its own (npm run lint keeps it so).
export { useChangeRecurrence, useSaveRecurrence } from './api/save-recurrence';
export { RepeatField } from './components/repeat-field';
export {
  NO_REPEAT,
  type RepeatDraft,
  type RepeatProblem,
  repeatDraftOf,
  repeatOf,
} from './repeat-draft';
