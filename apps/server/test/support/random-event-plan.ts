import { randomUUID } from 'node:crypto';
import type { EventExport } from '@quits/contract';
import { splitAmount } from '@quits/domain';
import fc from 'fast-check';

/*
 * Random multi-currency events, as plans and the request bodies that make them: no test runner
 * here, so that a bench script can make the same events.
 */

/** Digits of the currencies the random events use: JPY has none, KWD three. */
const DECIMALS = { EUR: 2, USD: 2, GBP: 2, CHF: 2, JPY: 0, KWD: 3 } as const;
type Code = keyof typeof DECIMALS;
const CODES = Object.keys(DECIMALS) as Code[];
export const NAMES = ['Ana', 'Bob', 'Chloé', 'Dan'];

/** A rate as a person may give it: none (the ECB's of the date), typed, or the amount charged. */
type RatePlan = { source: 'none' } | { source: 'manual'; value: number } | { source: 'charged' };

interface ExpensePlan {
  kind: 'expense' | 'income';
  currency: Code;
  /** In major units × 10^3, scaled to the currency's minor units. */
  size: number;
  payers: number[];
  /** Where the first payer's part ends, as a fraction of the amount. */
  payerCut: number;
  among: number[];
  weights: number[];
  rate: RatePlan;
  chargedFraction: number;
  day: number;
}

interface PaymentPlan {
  from: number;
  to: number;
  currency: Code;
  size: number;
}

export interface EventPlan {
  currency: Code;
  people: number;
  eventRate: { currency: Code; value: number } | null;
  expenses: ExpensePlan[];
  payments: PaymentPlan[];
}

const indexes = (people: number) =>
  fc.uniqueArray(fc.integer({ min: 0, max: people - 1 }), { minLength: 1, maxLength: people });

/** Small multi-currency events: several payers, shares, income, payments, every kind of rate. */
export const eventPlan: fc.Arbitrary<EventPlan> = fc
  .record({
    currency: fc.constantFrom<Code>('EUR', 'GBP', 'JPY', 'KWD'),
    people: fc.integer({ min: 2, max: 4 }),
    eventRate: fc.option(
      fc.record({
        currency: fc.constantFrom<Code>(...CODES),
        value: fc.double({ min: 0.005, max: 300, noNaN: true }).map((v) => Number(v.toFixed(6))),
      }),
    ),
  })
  .chain((base) =>
    fc.record({
      currency: fc.constant(base.currency),
      people: fc.constant(base.people),
      eventRate: fc.constant(
        base.eventRate && base.eventRate.currency !== base.currency ? base.eventRate : null,
      ),
      expenses: fc.array(
        fc.record({
          kind: fc.constantFrom<'expense' | 'income'>('expense', 'expense', 'expense', 'income'),
          currency: fc.constantFrom<Code>(...CODES),
          size: fc.integer({ min: 1, max: 500_000 }),
          payers: fc.uniqueArray(fc.integer({ min: 0, max: base.people - 1 }), {
            minLength: 1,
            maxLength: 2,
          }),
          payerCut: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
          among: indexes(base.people),
          weights: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 4, maxLength: 4 }),
          rate: fc.oneof(
            fc.constant<RatePlan>({ source: 'none' }),
            fc
              .double({ min: 0.005, max: 300, noNaN: true })
              .map<RatePlan>((v) => ({ source: 'manual', value: Number(v.toFixed(6)) })),
            fc.constant<RatePlan>({ source: 'charged' }),
          ),
          chargedFraction: fc.double({ min: 0.2, max: 3, noNaN: true }),
          day: fc.integer({ min: 4, max: 28 }),
        }),
        { minLength: 1, maxLength: 6 },
      ),
      payments: fc.array(
        fc.record({
          from: fc.integer({ min: 0, max: base.people - 1 }),
          to: fc.integer({ min: 0, max: base.people - 1 }),
          currency: fc.constantFrom<Code>(...CODES),
          size: fc.integer({ min: 1, max: 200_000 }),
        }),
        { maxLength: 2 },
      ),
    }),
  );

/** `size` thousandths of a major unit, in the currency's minor units (at least 2). */
function minorUnits(size: number, currency: Code): number {
  return Math.max(2, Math.round((size * 10 ** DECIMALS[currency]) / 1000));
}

/** The body that records a planned expense among `people` (the event's person ids). */
export function expenseBodyOf(plan: ExpensePlan, people: readonly string[], eventCurrency: Code) {
  const amount = minorUnits(plan.size, plan.currency);
  const id = randomUUID();
  const payers = plan.payers.map((index) => people[index] ?? '');
  const first = payers.length > 1 ? Math.max(1, Math.floor(amount * plan.payerCut)) : amount;
  const payer = payers.map((user_id, i) => ({ user_id, amount: i === 0 ? first : amount - first }));
  const split = splitAmount({
    amount,
    mode: 'shares',
    people: plan.among.map((index, i) => ({ id: people[index] ?? '', weight: plan.weights[i] })),
    tieKey: id,
  });
  if (!split.ok) throw new Error(split.error.message);
  const foreign = plan.currency !== eventCurrency;
  const charged = Math.max(
    1,
    Math.round(minorUnits(plan.size, eventCurrency) * plan.chargedFraction),
  );
  const rate =
    !foreign || plan.rate.source === 'none'
      ? {}
      : plan.rate.source === 'manual'
        ? { rate: { source: 'manual', value: plan.rate.value } }
        : { rate: { source: 'charged', charged_amount: charged } };
  return {
    id,
    kind: plan.kind,
    title: plan.kind === 'income' ? 'Deposit back' : 'Dinner',
    date: `2024-03-${String(plan.day).padStart(2, '0')}`,
    amount,
    currency_id: plan.currency,
    payer,
    participant: [...split.shares].map(([user_id, share]) => ({ user_id, amount: share })),
    split: {
      mode: 'shares',
      weights: Object.fromEntries(plan.among.map((index, i) => [people[index], plan.weights[i]])),
    },
    ...rate,
  };
}

/** The body that creates the planned event (its people, currency and rates). */
export function eventBodyOf(plan: EventPlan) {
  return {
    name: 'Random trip',
    currency_id: plan.currency,
    users: NAMES.slice(0, plan.people).map((name) => ({ name })),
    currency_rates: plan.eventRate
      ? [{ currency_id: plan.eventRate.currency, exchange_rate: plan.eventRate.value }]
      : [],
  };
}

/** The bodies of the planned payments among `people`; a payment to oneself is left out. */
export function paymentBodiesOf(plan: EventPlan, people: readonly string[]) {
  return plan.payments
    .filter((payment) => payment.from !== payment.to)
    .map((payment) => ({
      id: randomUUID(),
      date: '2024-03-29',
      title: 'Settle up',
      payer_id: people[payment.from],
      payee_id: people[payment.to],
      amount: minorUnits(payment.size, payment.currency),
      currency_id: payment.currency,
    }));
}

/**
 * An export with each id replaced by what it stands for (people by name, entries by place), and
 * the moment of the export left out, so that two exports compare by content. Tie texts are kept
 * as they are (their person keys named): they are made of the original's ids on purpose.
 */
export function contentOf(file: EventExport): unknown {
  const name = new Map(file.people.map((person) => [person.id, person.name]));
  const renamed = (text: string) => {
    let out = text;
    for (const [id, who] of name) out = out.replaceAll(id, who);
    return out;
  };
  const { exported_at: _at, ...rest } = file;
  const ties = rest.expenditures.map((expense) =>
    Object.entries(expense.ties ?? {}).map(([id, text]) => [name.get(id) ?? id, text]),
  );
  const content = JSON.parse(
    renamed(
      JSON.stringify({
        ...rest,
        people: rest.people.map(({ id: _id, ...person }) => person),
        expenditures: rest.expenditures.map(({ id: _id, ties: _ties, ...expense }) => expense),
        payments: rest.payments.map(({ id: _id, ...payment }) => payment),
      }),
    ),
  ) as { expenditures: Record<string, unknown>[] };
  content.expenditures.forEach((expense, index) => {
    expense.ties = ties[index];
  });
  return sortedKeys(content);
}

/** The value with every object's keys in order (maps such as split weights follow the ids). */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, inner]) => [key, sortedKeys(inner)]),
  );
}
