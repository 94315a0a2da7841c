import { createHash } from 'node:crypto';
import type { Event } from '@quits/contract';
import { Ref, RefDict } from './fuzz-values';

/** Calls the app and reads its JSON answer (inject in the fuzz, fetch elsewhere). */
export type JsonCall = (
  method: string,
  url: string,
  body?: unknown,
) => Promise<{ status: number; body: unknown }>;

/** What the fuzz knows of one event, from its last read. */
export interface KnownEvent {
  id: string;
  currency: string;
  people: string[];
  /** Live expenses and payments. */
  entries: string[];
  /** Other ids the event's answers named (a receipt's): kept across reads. */
  learned: string[];
  /** Ids seen once and gone since: deleted entries, removed people. */
  gone: string[];
  deleted: boolean;
}

const COMMON_CURRENCIES = ['EUR', 'USD', 'GBP', 'JPY', 'CHF', 'SEK', 'PLN', 'KRW', 'IDR', 'BHD'];
const UNKNOWN_CURRENCIES = ['ZZZ', 'XXX', 'ABC'];
const SIDE_EVENTS = 3;

/** Below these rolls a reference names something that exists (see `#resolveRef`). */
const STRICT_ROLL: Record<Ref['kind'], number> = {
  event: 85,
  person: 85,
  entity: 75,
  newId: 85,
  currency: 95,
};

export interface ResolveOptions {
  /** Never the long-lived event: what a DELETE's last segment names. */
  disposable?: boolean;
  /** Only things that exist (people of the event, known currencies…): a valid request. */
  strict?: boolean;
}
const MAX_EVENTS = 30;

/**
 * The events the fuzz writes to, and what their ids, people and entries are right now. Most
 * requests go to one long-lived event, so that it grows to thousands of writes; deletes of a
 * whole event go to the side events, which are replaced when gone.
 */
export class FuzzWorld {
  readonly events: KnownEvent[] = [];
  readonly #dirty = new Set<string>();
  /** The refresh at which each event was last read. */
  readonly #lastRead = new Map<string, number>();
  #refreshes = 0;
  #counter = 0;

  private constructor(
    private readonly call: JsonCall,
    private readonly currencies: readonly string[],
    private readonly seed: number,
  ) {}

  static async create(call: JsonCall, currencies: readonly string[], seed: number) {
    const world = new FuzzWorld(call, currencies, seed);
    for (let index = 0; index <= SIDE_EVENTS; index += 1) await world.#createEvent();
    return world;
  }

  get main(): KnownEvent {
    const main = this.events[0];
    if (!main) throw new Error('the fuzz has no event');
    return main;
  }

  /** Every event that has not been deleted. */
  live(): KnownEvent[] {
    return this.events.filter((event) => !event.deleted);
  }

  /** A UUID derived from the seed, so that a run with the same seed sends the same ids. */
  freshId(): string {
    this.#counter += 1;
    const hex = createHash('sha256').update(`${this.seed}:${this.#counter}`).digest('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }

  /** The event a request is about: the first event reference in it, else the main event. */
  contextOf(values: readonly unknown[], strict: boolean): KnownEvent {
    const first = findRef(values, 'event');
    return first ? this.eventFor(first, { strict }) : this.main;
  }

  /**
   * Replaces every reference in `value` by an id or code that exists (or, by design, one that
   * does not) for the request's event.
   */
  resolve(value: unknown, context: KnownEvent, options: ResolveOptions = {}): unknown {
    const inner = (part: unknown) => this.resolve(part, context, { strict: options.strict });
    if (value instanceof Ref) return this.#resolveRef(value, context, options);
    if (value instanceof RefDict) {
      return Object.fromEntries(
        value.entries.map(([key, part]) => [String(inner(key)), inner(part)]),
      );
    }
    if (Array.isArray(value)) return value.map(inner);
    if (isPlainObject(value)) {
      return Object.fromEntries(Object.entries(value).map(([key, part]) => [key, inner(part)]));
    }
    return value;
  }

  #resolveRef(ref: Ref, context: KnownEvent, options: ResolveOptions): string {
    const { pick } = ref;
    // A valid request draws only from the groups of candidates that exist.
    const roll = options.strict ? ref.roll % STRICT_ROLL[ref.kind] : ref.roll;
    const choose = (list: readonly string[], fallback: () => string) =>
      list.length > 0 ? (list[pick % list.length] as string) : fallback();
    const others = this.events.filter((event) => event !== context);
    const otherIds = others.flatMap((event) => [...event.people, ...event.entries]);
    switch (ref.kind) {
      case 'event':
        return this.eventFor(ref, options).id;
      case 'person':
        if (roll < 85) return choose(context.people, () => this.freshId());
        if (roll < 90)
          return choose(
            others.flatMap((event) => event.people),
            () => this.freshId(),
          );
        if (roll < 95) return choose([...context.gone, ...context.entries], () => this.freshId());
        return this.freshId();
      case 'entity':
        if (roll < 40)
          return choose([...context.entries, ...context.learned], () => this.freshId());
        if (roll < 60) return choose(context.people, () => this.freshId());
        if (roll < 75) return choose(context.gone, () => this.freshId());
        if (roll < 85) return choose(otherIds, () => this.freshId());
        return this.freshId();
      case 'newId':
        if (roll < 55) return this.freshId();
        if (roll < 85) return choose(context.entries, () => this.freshId());
        if (roll < 95) return choose(context.gone, () => this.freshId());
        return choose(otherIds, () => this.freshId());
      case 'currency':
        if (roll < 40) return context.currency;
        if (roll < 80) return choose(COMMON_CURRENCIES, () => 'EUR');
        if (roll < 95) return choose(this.currencies, () => 'EUR');
        return choose(UNKNOWN_CURRENCIES, () => 'ZZZ');
    }
  }

  /**
   * The event a reference names. `disposable`: never the main event (the target of a delete),
   * so that the main event lives through the whole run.
   */
  eventFor(ref: Ref, options: ResolveOptions = {}): KnownEvent {
    const { pick } = ref;
    const roll = options.strict ? ref.roll % STRICT_ROLL.event : ref.roll;
    const disposable = options.disposable ?? false;
    const side = this.events.slice(1).filter((event) => !event.deleted);
    const deleted = this.events.filter((event) => event.deleted);
    if (roll >= 90) return unknownEvent(pick);
    if (roll >= 85 && deleted.length > 0) return deleted[pick % deleted.length] as KnownEvent;
    if ((disposable || roll >= 70) && side.length > 0)
      return side[pick % side.length] as KnownEvent;
    return this.main;
  }

  /** Notes that a write to `event` was acknowledged: it is read again before long. */
  touched(event: KnownEvent): void {
    if (!event.deleted && this.events.includes(event)) this.#dirty.add(event.id);
  }

  /** Notes ids an acknowledged answer about `event` named (a receipt's id…). */
  noteIds(event: KnownEvent, ids: readonly string[]): void {
    const fresh = ids.filter((id) => !event.learned.includes(id));
    event.learned = [...event.learned, ...fresh].slice(-50);
  }

  /** Learns of an event the fuzz itself created through the API. */
  learn(event: Event): void {
    if (this.events.length >= MAX_EVENTS || this.events.some((known) => known.id === event.id)) {
      return;
    }
    this.events.push(fromEvent(event));
  }

  /**
   * Reads the events written to since they were last read (a large one less often: every read
   * of it costs a full load, and the fuzz would slow down as the event grows); replaces deleted
   * side events.
   */
  async refresh(): Promise<void> {
    this.#refreshes += 1;
    for (const id of [...this.#dirty]) {
      const known = this.events.find((event) => event.id === id);
      const wait = known ? Math.floor((known.entries.length + known.people.length) / 200) : 0;
      if (this.#refreshes - (this.#lastRead.get(id) ?? 0) <= wait) continue;
      this.#dirty.delete(id);
      this.#lastRead.set(id, this.#refreshes);
      if (known) await this.#read(known);
    }
    const liveSide = this.events.slice(1).filter((event) => !event.deleted).length;
    for (let missing = SIDE_EVENTS - liveSide; missing > 0; missing -= 1) {
      await this.#createEvent();
    }
  }

  async #read(known: KnownEvent): Promise<void> {
    const answer = await this.call('GET', `/api/events/${known.id}`);
    // 410: deleted (restorable for a while); 404: gone for good.
    if (answer.status === 410 || answer.status === 404) {
      known.deleted = true;
      return;
    }
    if (answer.status !== 200) throw new Error(`reading an event answered ${answer.status}`);
    const event = (answer.body as { data: Event }).data;
    const now = fromEvent(event);
    const stillHere = new Set([...now.people, ...now.entries]);
    const gone = [...known.gone, ...known.people, ...known.entries].filter(
      (id) => !stillHere.has(id),
    );
    Object.assign(known, now, { gone: [...new Set(gone)].slice(-200), learned: known.learned });
  }

  async #createEvent(): Promise<void> {
    const answer = await this.call('POST', '/api/events', {
      name: `Fuzz ${this.events.length + 1}`,
      currency_id: 'EUR',
      users: ['Ana', 'Ben', 'Chloé', 'Dan'].map((name) => ({ name })),
    });
    if (answer.status !== 201) throw new Error(`creating an event answered ${answer.status}`);
    this.events.push(fromEvent((answer.body as { data: Event }).data));
  }
}

/** A JSON object: fast-check builds records without a prototype. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function fromEvent(event: Event): KnownEvent {
  return {
    id: event.id,
    currency: event.currency_id,
    people: event.users.map((user) => user.id),
    // Recurring expenses too: the routes that change one by id then reach a real one.
    entries: [...event.expenditures, ...event.payments, ...(event.recurrences ?? [])].map(
      (entry) => entry.id,
    ),
    gone: [],
    learned: [],
    deleted: false,
  };
}

/** An id in the right form that no event has (the chance of a real one is 2^-128). */
function unknownEvent(pick: number): KnownEvent {
  const id = `Unknown${pick.toString(36)}`.padEnd(22, 'x');
  return { id, currency: 'EUR', people: [], entries: [], gone: [], learned: [], deleted: true };
}

function findRef(values: readonly unknown[], kind: Ref['kind']): Ref | null {
  for (const value of values) {
    if (value instanceof Ref) {
      if (value.kind === kind) return value;
      continue;
    }
    if (value instanceof RefDict) continue;
    if (Array.isArray(value)) {
      const found = findRef(value, kind);
      if (found) return found;
    } else if (value !== null && typeof value === 'object') {
      const found = findRef(Object.values(value), kind);
      if (found) return found;
    }
  }
  return null;
}
