import type { MergeFields, MergeRules } from './edit-merge';

/** A line of an expense's payers or participants: who, and how much in minor units. */
interface MoneyLine {
  user_id: string;
  amount: number;
}

/** An expense's own fields, as merged. Amounts are minor units of `currency_id`. */
export interface ExpenseMergeEntry {
  /** Spent or received; absent on copies made before income existed (spent). */
  kind?: 'expense' | 'income' | undefined;
  title: string;
  desc: string;
  date: string;
  category: string | null;
  receipt_id?: string | null;
  /** Its attachments in order (the server compares their ids); absent on older copies. */
  attachments?: readonly unknown[] | undefined;
  amount: number;
  currency_id: string;
  payer: readonly MoneyLine[];
  split: unknown;
  participant: readonly MoneyLine[];
}

const sum = (lines: readonly MoneyLine[]) => lines.reduce((total, line) => total + line.amount, 0);

/**
 * An expense merges by kind (spent or received), title, note, date, category, receipt,
 * attachments (the list as a whole), amount
 * (with its currency), payers, and split (the mode with the participants' shares). Payers and shares must each add up to the
 * amount, so a merge that mixes one side's amount with the other's lines is a conflict.
 */
export const expenseMergeRules: MergeRules<ExpenseMergeEntry> = {
  fields: {
    kind: ['kind'],
    title: ['title'],
    desc: ['desc'],
    date: ['date'],
    category: ['category'],
    receipt_id: ['receipt_id'],
    attachments: ['attachments'],
    amount: ['amount', 'currency_id'],
    payer: ['payer'],
    split: ['split', 'participant'],
  },
  together: {
    fields: ['amount', 'payer', 'split'],
    consistent: (entry) =>
      sum(entry.payer) === entry.amount && sum(entry.participant) === entry.amount,
  },
};

/** A payment's own fields, as merged. `amount` is in minor units of `currency_id`. */
export interface PaymentMergeEntry {
  date: string;
  title: string;
  payer_id: string;
  payee_id: string;
  amount: number;
  currency_id: string;
  percentage: number | null;
  /** Its attachments in order (the server compares their ids); absent on older copies. */
  attachments?: readonly unknown[] | undefined;
}

/**
 * A payment merges by date, title, who paid, who received, amount (with currency), percentage
 * and attachments.
 */
export const paymentMergeRules: MergeRules<PaymentMergeEntry> = {
  fields: {
    date: ['date'],
    title: ['title'],
    payer_id: ['payer_id'],
    payee_id: ['payee_id'],
    amount: ['amount', 'currency_id'],
    percentage: ['percentage'],
    attachments: ['attachments'],
  },
  // Who paid and who received may each change, but never to the same person.
  together: {
    fields: ['payer_id', 'payee_id'],
    consistent: (entry) => entry.payer_id !== entry.payee_id,
  },
};

/** A person merges by name. */
export const personMergeRules: MergeRules<{ name: string }> = { fields: { name: ['name'] } };

/** An event's settings as they come from the API. Rates: event-currency units per one unit. */
export interface EventSettings {
  name: string;
  desc: string;
  image: string | null;
  currency_id: string;
  currency_rates: { currency_id: string; exchange_rate: number }[];
}

/** A change of an event's settings: only the fields given change; the rates replace the list. */
export interface EventSettingsUpdate {
  name?: string;
  desc?: string;
  image?: string | null;
  currency_id?: string;
  currency_rates?: EventSettings['currency_rates'];
}

/** The settings `update` leaves on `settings`, as the server applies it. */
export function settingsAfter(settings: EventSettings, update: EventSettingsUpdate): EventSettings {
  return {
    name: update.name ?? settings.name,
    desc: update.desc ?? settings.desc,
    image: update.image === undefined ? settings.image : update.image,
    currency_id: update.currency_id ?? settings.currency_id,
    currency_rates: update.currency_rates ?? settings.currency_rates,
  };
}

/** An event's settings as merged: each exchange rate its own field (`currency_rates.USD`). */
export type EventMergeEntry = Record<string, unknown>;

const RATE_FIELD = 'currency_rates.';

/** The event's settings as merged: each rate a field of its own, null when absent. */
export function eventMergeEntry(settings: EventSettings): EventMergeEntry {
  const entry: EventMergeEntry = {
    name: settings.name,
    desc: settings.desc,
    image: settings.image,
    currency_id: settings.currency_id,
  };
  for (const rate of settings.currency_rates) {
    entry[`${RATE_FIELD}${rate.currency_id}`] = rate.exchange_rate;
  }
  return entry;
}

/** The rates of a merged event entry, as the API's list, ordered by currency. */
export function ratesOfEventEntry(
  entry: EventMergeEntry,
): { currency_id: string; exchange_rate: number }[] {
  return Object.entries(entry)
    .filter(([key, value]) => key.startsWith(RATE_FIELD) && typeof value === 'number')
    .map(([key, value]) => ({
      currency_id: key.slice(RATE_FIELD.length),
      exchange_rate: value as number,
    }))
    .sort((a, b) => (a.currency_id < b.currency_id ? -1 : 1));
}

/**
 * An event merges by name, description, image, currency, and each exchange rate on its own (one
 * device adds a USD rate while another changes the GBP rate: both stay). The rates' fields are
 * those any of the entries has.
 */
export function eventMergeRules(
  ...entries: readonly EventMergeEntry[]
): MergeRules<EventMergeEntry> {
  const fields: Record<string, string[]> = {
    name: ['name'],
    desc: ['desc'],
    image: ['image'],
    currency_id: ['currency_id'],
  };
  for (const entry of entries) {
    for (const key of Object.keys(entry)) if (key.startsWith(RATE_FIELD)) fields[key] = [key];
  }
  return { fields: fields satisfies MergeFields<EventMergeEntry> };
}
