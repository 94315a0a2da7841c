import { randomBytes, randomUUID } from 'node:crypto';
import type { Event, Expenditure } from '@quits/contract';
import type { ApiClient } from './test-app';

/** An EUR event with the given people, created through the API. */
export async function createEvent(
  api: ApiClient,
  names: readonly string[] = ['Ana', 'Ben', 'Chloé'],
  extra: Record<string, unknown> = {},
): Promise<Event> {
  const answer = await api.post<{ data: Event }>('/api/events', {
    name: 'Lisbon trip',
    currency_id: 'EUR',
    users: names.map((name) => ({ name })),
    ...extra,
  });
  if (answer.status !== 201) throw new Error(`event not created: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** The id of the person called `name` in the event. */
export function personId(event: Event, name: string): string {
  const person = event.users.find((user) => user.name === name);
  if (!person) throw new Error(`no person called ${name}`);
  return person.id;
}

/** A valid expense body: `payer` pays `amount` (minor units) for everyone listed, evenly. */
export function expenseBody(options: {
  payer: string;
  among: readonly string[];
  amount: number;
  currency_id?: string;
  title?: string;
}): Record<string, unknown> & { id: string } {
  const { payer, among, amount } = options;
  const base = Math.floor(amount / among.length);
  const participant = among.map((user_id, index) => ({
    user_id,
    amount: base + (index < amount - base * among.length ? 1 : 0),
  }));
  return {
    id: randomUUID(),
    title: options.title ?? 'Dinner',
    date: '2026-11-20',
    amount,
    currency_id: options.currency_id ?? 'EUR',
    payer: [{ user_id: payer, amount }],
    participant,
    split: { mode: 'evenly' },
  };
}

export type { Expenditure };

/** A valid payment body: `from` pays `to` an amount in minor units of the event's currency. */
export function paymentBody(options: {
  from: string;
  to: string;
  amount: number;
  currency_id?: string;
}): Record<string, unknown> & { id: string } {
  return {
    id: randomUUID(),
    date: '2026-11-21',
    title: 'Settle up',
    payer_id: options.from,
    payee_id: options.to,
    amount: options.amount,
    ...(options.currency_id ? { currency_id: options.currency_id } : {}),
  };
}

/** An id a client may propose for an event it creates offline: 128 random bits, URL-safe. */
export function proposedEventId(): string {
  return randomBytes(16).toString('base64url');
}
