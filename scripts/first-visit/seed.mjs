// An event as a shared link shows it, made through the API as another device would: three
// people, expenses among them and a payment.
import { randomUUID } from 'node:crypto';

const HEADERS = {
  'X-Requested-With': 'XMLHttpRequest',
  'Content-Type': 'application/json',
  'Device-ID': randomUUID(),
};

async function post(base, path, body) {
  const answer = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify(body),
  });
  if (answer.status !== 201)
    throw new Error(`POST ${path}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()).data;
}

/** Creates the event; resolves with its id. Amounts in cents of euros. */
export async function seedEvent(base) {
  const event = await post(base, '/events', {
    name: 'Porto weekend',
    desc: '',
    currency_id: 'EUR',
    users: [{ name: 'Ana' }, { name: 'Ben' }, { name: 'Chloé' }],
    currency_rates: [],
  });
  const [ana, ben, chloe] = event.users;
  const expenses = [
    ['Dinner', 9000, ana],
    ['Train tickets', 5400, ben],
    ['Groceries', 3300, chloe],
    ['Museum', 4500, ana],
  ];
  for (const [title, amount, payer] of expenses) {
    await post(base, `/event/${event.id}/expenditure`, {
      id: randomUUID(),
      title,
      desc: '',
      date: '2026-11-20',
      amount,
      currency_id: 'EUR',
      user_id: payer.id,
      category: null,
      payer: [{ user_id: payer.id, amount }],
      participant: event.users.map((user) => ({ user_id: user.id, amount: amount / 3 })),
      split: { mode: 'evenly' },
    });
  }
  await post(base, `/event/${event.id}/payments`, {
    id: randomUUID(),
    payer_id: chloe.id,
    payee_id: ana.id,
    amount: 1000,
    title: '',
    date: '2026-11-20',
  });
  return event.id;
}
