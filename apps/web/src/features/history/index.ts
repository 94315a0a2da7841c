// The history feature's entry: what the other features may use of it. Everything else in this folder is its own (npm run lint keeps it so).
export { offerUndo } from './undo-delete';
