import { createHash } from 'node:crypto';
import type { Event, Expenditure, Payment } from '@quits/contract';
import type { JsonCall } from './fuzz-world';

/** What a writer sent for an expense or a payment, as the event must show it. */
export interface ExpenseContent {
  kind: 'expense';
  title: string;
  date: string;
  amount: number;
  currency_id: string;
  payer: { user_id: string; amount: number }[];
  participant: { user_id: string; amount: number }[];
}

export interface PaymentContent {
  kind: 'payment';
  title: string;
  date: string;
  amount: number;
  payer_id: string;
  payee_id: string;
}

export type Content = ExpenseContent | PaymentContent;

/** `absent`: never acknowledged as created. */
export type EntryState = Content | 'deleted' | 'absent';

export interface Entry {
  id: string;
  kind: Content['kind'];
  /** What the server acknowledged last. */
  acked: EntryState;
  /** Sent and not (yet) answered: the server may or may not have it. */
  pending: EntryState | null;
  /** When the pending change was sent (performance.now()). */
  pendingSince: number;
}

/** A request a writer sends, and what the entry becomes once it is acknowledged. */
interface Change {
  entry: Entry;
  method: 'POST' | 'DELETE';
  url: string;
  body?: unknown;
  becomes: EntryState;
  /** 201 for a create, 200 for the rest; a replay of a create answers 200. */
  statuses: number[];
}

/**
 * One device writing to one event, one request at a time, adding, editing and deleting its
 * own expenses and payments, and keeping its own record of what the server acknowledged. A
 * request without an answer stays pending: `replayPending` sends it again, as the web app's
 * offline queue would (every write is idempotent by its id).
 */
export class Writer {
  readonly entries = new Map<string, Entry>();
  acknowledged = 0;
  #sequence = 0;
  #pendingChange: Change | null = null;

  constructor(
    readonly index: number,
    private call: JsonCall,
    private readonly event: { id: string; people: readonly string[] },
    private readonly random: () => number,
  ) {}

  /** Talks to the server at its new address from now on (after a restart), as it was. */
  reconnect(call: JsonCall): void {
    this.call = call;
  }

  /** Sends one change; throws `NoAnswerError` (leaving it pending) or on a refusal. */
  async step(): Promise<void> {
    await this.#send(this.#nextChange());
  }

  /** Sends the unanswered change again until it is acknowledged. */
  async replayPending(): Promise<void> {
    if (this.#pendingChange) await this.#send(this.#pendingChange);
  }

  async #send(change: Change): Promise<void> {
    this.#pendingChange = change;
    change.entry.pending = change.becomes;
    change.entry.pendingSince = performance.now();
    const answer = await this.call(change.method, change.url, change.body);
    const replay = change.statuses.includes(201) && answer.status === 200;
    if (!change.statuses.includes(answer.status) && !replay) {
      throw new Error(
        `writer ${this.index}: ${change.method} ${change.url} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
      );
    }
    change.entry.acked = change.becomes;
    change.entry.pending = null;
    this.#pendingChange = null;
    this.acknowledged += 1;
  }

  #nextChange(): Change {
    const live = [...this.entries.values()].filter((entry) => typeof entry.acked === 'object');
    const roll = this.random();
    const target = live[Math.floor(this.random() * live.length)];
    if (target && roll < 0.3) return this.#edit(target);
    if (target && roll < 0.45) return this.#delete(target);
    return this.#create(this.random() < 0.65 ? 'expense' : 'payment');
  }

  #create(kind: Content['kind']): Change {
    this.#sequence += 1;
    const id = uuidFrom(`${this.event.id}:${this.index}:${this.#sequence}`);
    const entry: Entry = { id, kind, acked: 'absent', pending: null, pendingSince: 0 };
    this.entries.set(id, entry);
    return this.#upsert(entry, [201]);
  }

  #edit(entry: Entry): Change {
    this.#sequence += 1;
    return this.#upsert(entry, [200]);
  }

  #upsert(entry: Entry, statuses: number[]): Change {
    const content = entry.kind === 'expense' ? this.#expense() : this.#payment();
    const path = entry.kind === 'expense' ? 'expenditure' : 'payments';
    const { kind: _kind, ...body } = content;
    return {
      entry,
      method: 'POST',
      url: `/api/event/${this.event.id}/${path}`,
      body: { id: entry.id, ...body },
      becomes: content,
      statuses,
    };
  }

  #delete(entry: Entry): Change {
    const path = entry.kind === 'expense' ? 'expenditure' : 'payments';
    return {
      entry,
      method: 'DELETE',
      url: `/api/event/${this.event.id}/${path}/${entry.id}`,
      becomes: 'deleted',
      statuses: [200],
    };
  }

  #expense(): ExpenseContent {
    const people = this.event.people;
    const amount = 1 + Math.floor(this.random() * 100_000);
    const among = people.filter(() => this.random() < 0.6);
    const participants = among.length > 0 ? among : [people[0] as string];
    const payer = people[Math.floor(this.random() * people.length)] as string;
    return {
      kind: 'expense',
      // Every change differs from the last, so that each one commits (a replay would not).
      title: `Writer ${this.index} change ${this.#sequence}`,
      date: `2026-11-${String(1 + Math.floor(this.random() * 28)).padStart(2, '0')}`,
      amount,
      currency_id: 'EUR',
      payer: [{ user_id: payer, amount }],
      participant: spread(amount, participants),
    };
  }

  #payment(): PaymentContent {
    const people = this.event.people;
    const from = Math.floor(this.random() * people.length);
    const to = (from + 1 + Math.floor(this.random() * (people.length - 1))) % people.length;
    return {
      kind: 'payment',
      title: `Writer ${this.index} change ${this.#sequence}`,
      date: '2026-11-21',
      amount: 1 + Math.floor(this.random() * 50_000),
      payer_id: people[from] as string,
      payee_id: people[to] as string,
    };
  }
}

function spread(amount: number, people: readonly string[]) {
  const base = Math.floor(amount / people.length);
  const remainder = amount - base * people.length;
  return people.map((user_id, index) => ({
    user_id,
    amount: base + (index < remainder ? 1 : 0),
  }));
}

/** A version 4 UUID derived from `text`, so that a seeded run sends the same ids. */
function uuidFrom(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The content the event shows for an entry, or 'deleted' when it does not list it. */
function shownContent(entry: Entry, event: Event): Content | 'deleted' {
  if (entry.kind === 'expense') {
    const found = event.expenditures.find((expense) => expense.id === entry.id);
    return found ? expenseContent(found) : 'deleted';
  }
  const found = event.payments.find((payment) => payment.id === entry.id);
  return found ? paymentContent(found) : 'deleted';
}

function expenseContent(expense: Expenditure): ExpenseContent {
  const { title, date, amount, currency_id, payer, participant } = expense;
  return { kind: 'expense', title, date, amount, currency_id, payer, participant };
}

function paymentContent(payment: Payment): PaymentContent {
  const { title, date, amount, payer_id, payee_id } = payment;
  return { kind: 'payment', title, date, amount, payer_id, payee_id };
}

/** JSON with object keys sorted: the database keeps a JSON object's keys in its own order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );
}

const same = (shown: Content | 'deleted', expected: EntryState) =>
  canonical(shown) === canonical(expected === 'absent' ? 'deleted' : expected);

export interface Verification {
  /** Entries whose acknowledged state the event shows. */
  found: number;
  /** Unanswered changes the event shows as applied (the rest it shows as not applied). */
  pendingApplied: number;
}

/**
 * Checks that the event holds exactly what the writers were told: every entry as last
 * acknowledged (or, for a change sent but never answered, as before or as after it — never
 * anything else), and no expense or payment that no writer made. Throws on the first mismatch.
 */
export function verifyEvent(event: Event, writers: readonly Writer[]): Verification {
  let found = 0;
  let pendingApplied = 0;
  const known = new Set<string>();
  for (const writer of writers) {
    for (const entry of writer.entries.values()) {
      known.add(entry.id);
      const shown = shownContent(entry, event);
      if (same(shown, entry.acked)) {
        found += 1;
        continue;
      }
      if (entry.pending !== null && same(shown, entry.pending)) {
        pendingApplied += 1;
        continue;
      }
      throw new Error(
        `${entry.kind} ${entry.id} of writer ${writer.index} shows ${JSON.stringify(shown)}, ` +
          `acknowledged ${JSON.stringify(entry.acked)}, pending ${JSON.stringify(entry.pending)}`,
      );
    }
  }
  for (const entry of [...event.expenditures, ...event.payments]) {
    if (!known.has(entry.id)) throw new Error(`the event holds ${entry.id}, which nobody wrote`);
  }
  return { found, pendingApplied };
}
