// The balances feature's entry: what the other features may use of it. The rest of the folder
// is its own (npm run lint keeps it so).
export { balanceColor } from './balance-color';
export { BalanceList } from './components/balance-list';
export { SettlementList } from './components/settlement-list';
export { useEventBalances, useHomeAmount } from './use-event-balances';
