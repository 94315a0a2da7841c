/**
 * Bounds the API enforces. Amounts are integers in minor units of their currency.
 * Counts are per event.
 */
export const LIMITS = {
  eventName: 100,
  personName: 50,
  title: 100,
  description: 2_000,
  imageUrl: 2_048,
  /** Largest amount of one expense or payment, in minor units (one billion major units). */
  maxAmount: 100_000_000_000,
  maxPeople: 200,
  /** Expenses and payments together. */
  maxItems: 50_000,
  maxCurrencyRates: 200,
  /** Recurring expenses one imported file brings at most. */
  maxImportedRecurrences: 500,
  /** Largest accepted exchange rate; protects sums from overflowing safe integers. */
  maxExchangeRate: 1_000_000,
  activityPageSize: 50,
  /** Longest push endpoint URL accepted (browsers' are a few hundred characters). */
  pushEndpoint: 1_024,
  /** Push subscriptions per event: a few devices for each of the most people an event holds. */
  maxPushSubscriptions: 500,
  /** Days a deleted event can be restored; after them it is purged for good. */
  deletedEventKeptDays: 30,
} as const;
