import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Spent or received (see the contract's EXPENSE_KINDS). */
export type ExpenseKindRow = 'expense' | 'income';

/** A share of an amount: minor units of the owning expense's currency. */
export interface ShareLineRow {
  user_id: string;
  amount: number;
}

/** An attachment as an entry lists it (see `attachments`): copied there so a read joins nothing. */
export interface AttachmentRow {
  id: string;
  name: string;
  content_type: 'image/jpeg' | 'application/pdf';
  bytes: number;
}

/** The rate an expense is converted at (see ExpenseRate in the domain). */
export interface ExpenseRateRow {
  value: number;
  currency_id: string;
  date: string | null;
  source: 'ecb' | 'event' | 'manual' | 'charged';
  charged_amount?: number | null;
}

export interface SplitRow {
  mode: 'evenly' | 'shares' | 'percent' | 'exact' | 'days';
  weights?: Record<string, number> | undefined;
  /** For `days`: the stretch the expense covers. */
  period?: DatePeriodRow | undefined;
}

/** From–to, both days counted (`YYYY-MM-DD`). */
export interface DatePeriodRow {
  from: string;
  to: string;
}

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** Deletes are soft so that they can be restored from the activity history. */
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
};

export const events = pgTable(
  'events',
  {
    /** The secret in the event's link: ≥ 128 random bits. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    desc: text('desc').notNull().default(''),
    image: text('image'),
    currencyId: text('currency_id').notNull(),
    /** Bumped by every committed change; the ETag and the cache key of GET /events/{id}. */
    version: integer('version').notNull().default(1),
    /** Live (not deleted) expenses and payments, kept here so the size limit costs no count. */
    itemCount: integer('item_count').notNull().default(0),
    /** Bumped whenever people are added, renamed or removed (see the one-statement create). */
    peopleVersion: integer('people_version').notNull().default(0),
    /**
     * The number of the event's newest history row (`activities.seq`): a write takes the next
     * numbers here, on the row it locks anyway, so concurrent writes never read a stale count.
     */
    historySeq: integer('history_seq').notNull().default(0),
    /** When everyone was settled and someone closed the event: read-only until reopened. */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    /** An IANA time zone: the day a recurring expense falls due is counted in it. */
    timeZone: text('time_zone').notNull().default('UTC'),
    ...timestamps,
  },
  // The purge looks for deleted events by age; live ones (nearly all) stay out of the index.
  (table) => [
    index('events_deleted_idx').on(table.deletedAt).where(sql`${table.deletedAt} IS NOT NULL`),
  ],
);

export const eventCurrencyRates = pgTable(
  'event_currency_rates',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    currencyId: text('currency_id').notNull(),
    /** Value of one unit of `currency_id` in the event's currency. */
    exchangeRate: doublePrecision('exchange_rate').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.currencyId] })],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The order people were added in, which lists keep. */
    position: integer('position').notNull().default(0),
    /** How the person can be paid (contract `PaymentDetails`, empty fields left out); null when none. */
    paymentDetails: jsonb('payment_details').$type<Record<string, string>>(),
    /** When the person was part of the event; empty means always. */
    presence: jsonb('presence').$type<DatePeriodRow[]>().notNull().default([]),
    /** The person's share in the event's default split (contract `defaultWeightSchema`). */
    defaultWeight: doublePrecision('default_weight').notNull().default(1),
    ...timestamps,
  },
  (table) => [index('users_event_idx').on(table.eventId)],
);

export const expenditures = pgTable(
  'expenditures',
  {
    id: uuid('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** Who entered it. */
    userId: uuid('user_id'),
    /** `expense` (spent) or `income` (received: every line counts with its sign turned). */
    kind: text('kind').$type<ExpenseKindRow>().notNull().default('expense'),
    title: text('title').notNull(),
    desc: text('desc').notNull().default(''),
    date: date('date', { mode: 'string' }).notNull(),
    /** Minor units of `currency_id`. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currencyId: text('currency_id').notNull(),
    category: text('category'),
    split: jsonb('split').$type<SplitRow>(),
    /** Who paid how much; sums to `amount`. Kept with the row so one read returns it whole. */
    payer: jsonb('payer').$type<ShareLineRow[]>().notNull(),
    /** Who owes how much; sums to `amount`. */
    participant: jsonb('participant').$type<ShareLineRow[]>().notNull(),
    /** The photo of its receipt, a receipt of the same event (checked on every write). */
    receiptId: uuid('receipt_id').references((): AnyPgColumn => receipts.id, {
      onDelete: 'set null',
    }),
    /** The rate into the event currency, kept so the amount never drifts; null in its currency. */
    rate: jsonb('rate').$type<ExpenseRateRow>(),
    /**
     * By person id, the text that orders them when a conversion leaves an odd minor unit (domain
     * `TieSource`): kept by an import from the original's ids; null means its own ids.
     */
    ties: jsonb('ties').$type<Record<string, string>>(),
    /** The recurring expense it is an occurrence of, and that occurrence's date (its key). */
    recurrenceId: uuid('recurrence_id').references((): AnyPgColumn => recurrences.id, {
      onDelete: 'set null',
    }),
    occurrenceDate: date('occurrence_date', { mode: 'string' }),
    /** Its photos and PDF invoices, in order (each a row of `attachments` of the same event). */
    attachments: jsonb('attachments').$type<AttachmentRow[]>().notNull().default([]),
    ...timestamps,
  },
  (table) => [
    index('expenditures_event_idx').on(table.eventId, table.date),
    // Each occurrence of a series is made once, whichever server instance or retry makes it.
    uniqueIndex('expenditures_occurrence_idx').on(table.recurrenceId, table.occurrenceDate),
  ],
);

/**
 * A recurring expense: what each occurrence copies, how it repeats, and how far it has got. The
 * server makes each occurrence at its date (`recurrence-runner.ts`).
 */
export const recurrences = pgTable(
  'recurrences',
  {
    id: uuid('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The expense's body (without base or receipt) each occurrence copies. */
    expense: jsonb('expense').$type<Record<string, unknown>>().notNull(),
    frequency: text('frequency').notNull(),
    start: date('start', { mode: 'string' }).notNull(),
    until: date('until', { mode: 'string' }),
    count: integer('count'),
    /** Occurrences made or skipped so far: the next one is this index. */
    nextIndex: integer('next_index').notNull().default(0),
    /** The next occurrence's date; null once the series has ended. */
    nextDate: date('next_date', { mode: 'string' }),
    pausedAt: timestamp('paused_at', { withTimezone: true, mode: 'date' }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    index('recurrences_event_idx').on(table.eventId),
    // The runner looks for series due by date; paused and ended ones stay out of the index.
    index('recurrences_due_idx')
      .on(table.nextDate)
      .where(sql`${table.pausedAt} IS NULL AND ${table.stoppedAt} IS NULL`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    title: text('title').notNull().default(''),
    payerId: uuid('payer_id').notNull(),
    payeeId: uuid('payee_id').notNull(),
    /** Minor units of `currency_id`. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currencyId: text('currency_id').notNull(),
    percentage: doublePrecision('percentage'),
    /** Its photos and PDF receipts, in order (each a row of `attachments` of the same event). */
    attachments: jsonb('attachments').$type<AttachmentRow[]>().notNull().default([]),
    ...timestamps,
  },
  (table) => [index('payments_event_idx').on(table.eventId, table.date)],
);

export const activities = pgTable(
  'activities',
  {
    /** Server-wide, so never shown: it would tell how much the whole server writes. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /**
     * The row's number within its event (1, 2, 3… in commit order): the id the API shows.
     * Taken from `events.history_seq` under the event's row lock, so it grows with `id`.
     */
    seq: integer('seq').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    deviceId: text('device_id'),
    /** The "who am I" person of the device, when it sent one. */
    userId: uuid('user_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    /**
     * The event's version once the change that wrote the row committed (`events.version`): the
     * rows of one change share it. Null for rows written before it was kept.
     */
    version: integer('version'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('activities_event_idx').on(table.eventId, table.id),
    index('activities_event_version_idx').on(table.eventId, table.version),
    uniqueIndex('activities_event_seq_idx').on(table.eventId, table.seq),
  ],
);

/** The global currency list. `rate` is the value of one unit in EUR; null = not covered. */
export const currencies = pgTable('currencies', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  unit: text('unit').notNull(),
  decimals: smallint('decimals').notNull(),
  rate: doublePrecision('rate'),
});

/**
 * The ECB's reference rates of the days the shipped history lacks (its file is read at start):
 * `per_euro[X]` units of X bought one euro on `date`.
 */
export const ecbRates = pgTable('ecb_rates', {
  date: date('date', { mode: 'string' }).primaryKey(),
  perEuro: jsonb('per_euro').$type<Record<string, number>>().notNull(),
  /** "snapshot" (the shipped one) or the URL it was read from. */
  source: text('source').notNull(),
});

/** Small server-wide facts: the rates' date and source, the VAPID keys of web push. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .default(sql`now()`),
});

/**
 * A browser's push subscription to one event (Web Push). The endpoint is the push service's
 * URL for that browser; subscribing again with it updates the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** When the browser said the subscription ends; null = no end announced. */
    expirationTime: timestamp('expiration_time', { withTimezone: true, mode: 'date' }),
    /** The device that subscribed (as it said; a claim, so nothing is left out by it). */
    deviceId: text('device_id'),
    /** The language its notifications are written in (a code of LANGUAGE_CODES, @quits/contract). */
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.endpoint] })],
);

/** Raw bytes (PostgreSQL `bytea`), read and written as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A receipt photo of an event, as cleaned on upload (turned upright, re-encoded as JPEG, its
 * metadata such as GPS dropped), with what its analysis read. Expenses point to it; its bytes
 * are read only by the image route, never with the event.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    image: bytea('image').notNull(),
    contentType: text('content_type').notNull(),
    /** Pixels of the stored image. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Length of `image`, so a listing need not read the bytes to tell it. */
    bytes: integer('bytes').notNull(),
    /** The answer given for it (ReceiptAnalysis without its id). */
    analysis: jsonb('analysis').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('receipts_event_idx').on(table.eventId)],
);

/**
 * A photo or PDF attached to an expense or payment, cleaned on upload (a photo turned upright
 * and re-encoded as JPEG, a PDF re-saved without its metadata and scripts). Entries list it
 * by id; its bytes are read only by its own route. Kept while an entry lists it (or one deleted
 * within the restore window does), else swept a day after its upload.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    content: bytea('content').notNull(),
    contentType: text('content_type').$type<AttachmentRow['content_type']>().notNull(),
    /** The file's name as uploaded, cleaned of paths and control characters. */
    name: text('name').notNull(),
    /** Length of `content`, so quotas and listings need not read the bytes. */
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('attachments_event_idx').on(table.eventId)],
);

export const schema = {
  events,
  eventCurrencyRates,
  users,
  expenditures,
  recurrences,
  payments,
  activities,
  currencies,
  settings,
  pushSubscriptions,
  receipts,
  attachments,
};
