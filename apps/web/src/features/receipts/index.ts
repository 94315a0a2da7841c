// The receipts feature's entry: what the other features may use of it. The rest of the folder
// is its own (npm run lint keeps it so).
export { ItemisedSplitField } from './components/itemised-split-field';
export { ReceiptFormActions } from './components/receipt-form-actions';
export { ScanReceiptButton } from './components/scan-receipt-button';
export { draftFromReceipt, itemisedProblemKey, receiptOfNavigation } from './receipt-draft';
