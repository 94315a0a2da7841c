import { randomUUID } from 'node:crypto';
import { seededRandom } from '../../apps/server/test/hardening/support/seeded-random';
import { postJson } from './api';
import { randomExpense } from './expense-fixture';

export interface SeededEvent {
  id: string;
  userIds: string[];
  expenses: number;
}

interface CreatedEvent {
  id: string;
  users: { id: string }[];
}

/** How many expenses are posted at once while seeding; writes to one event queue on its lock. */
const SEED_BATCH = 25;

/** An EUR event with `people` people and its own USD rate, created through the real API. */
export async function createEvent(
  baseUrl: string,
  people: number,
  deviceId: string,
): Promise<SeededEvent> {
  const { data } = await postJson<CreatedEvent>(
    `${baseUrl}/api/events`,
    {
      name: `Bench ${people} people`,
      currency_id: 'EUR',
      users: Array.from({ length: people }, (_, index) => ({ name: `Person ${index + 1}` })),
      currency_rates: [{ currency_id: 'USD', exchange_rate: 0.92 }],
    },
    deviceId,
  );
  return { id: data.id, userIds: data.users.map((user) => user.id), expenses: 0 };
}

/**
 * An event with `people` people and `expenses` mixed EUR/USD expenses, posted through the real
 * API in concurrent batches. The same `seed` gives the same shapes (only the ids differ).
 */
export async function seedEvent(
  baseUrl: string,
  options: { people: number; expenses: number; seed: number },
): Promise<SeededEvent> {
  const deviceId = randomUUID();
  const event = await createEvent(baseUrl, options.people, deviceId);
  const random = seededRandom(options.seed);
  const url = `${baseUrl}/api/event/${event.id}/expenditure`;
  for (let done = 0; done < options.expenses; done += SEED_BATCH) {
    const count = Math.min(SEED_BATCH, options.expenses - done);
    const bodies = Array.from({ length: count }, () => randomExpense(random, event.userIds));
    const answers = await Promise.all(bodies.map((body) => postJson(url, body, deviceId)));
    const unexpected = answers.find((answer) => answer.status !== 201);
    if (unexpected) throw new Error(`seeding answered ${unexpected.status} instead of 201`);
  }
  return { ...event, expenses: options.expenses };
}
