import { lazy } from 'react';

// Lazily, and apart from the balances feature's entry (which the event home loads): the chart
// brings the charting library, which only the screens showing it should load.
export const BalanceTimelineChart = lazy(async () => ({
  default: (await import('./balance-timeline-chart')).BalanceTimelineChart,
}));
