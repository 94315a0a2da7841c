// The expenses feature's entry: what the other features may use of it. The rest of the folder
// is its own (npm run lint keeps it so).
export { type DraftItem, type DraftOutcome, type ExpenseDraft, newDraft } from './expense-draft';
