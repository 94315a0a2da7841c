import { randomUUID } from 'node:crypto';
import { type Event, LIMITS } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { expectFieldError, readState } from '../support/api-checks';
import { createEvent, personId } from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';

interface People {
  ana: string;
  ben: string;
  chloe: string;
  /** A person of another event. */
  stranger: string;
}

/** A valid 90.00 EUR expense: Ana and Ben pay, all three share. */
function validBody({ ana, ben, chloe }: People) {
  return {
    id: randomUUID(),
    title: 'Dinner',
    date: '2026-11-20',
    amount: 9000,
    currency_id: 'EUR',
    payer: [
      { user_id: ana, amount: 6000 },
      { user_id: ben, amount: 3000 },
    ],
    participant: [
      { user_id: ana, amount: 3000 },
      { user_id: ben, amount: 3000 },
      { user_id: chloe, amount: 3000 },
    ],
  };
}

type Body = ReturnType<typeof validBody>;
const HUGE = LIMITS.maxAmount + 1;

/** Each refused expense and the dot path its 422 must name. */
const CASES: { what: string; field: string; body: (valid: Body, people: People) => unknown }[] = [
  { what: 'an amount sent as text', field: 'amount', body: (b) => ({ ...b, amount: '9000' }) },
  { what: 'a title that is a number', field: 'title', body: (b) => ({ ...b, title: 42 }) },
  {
    what: 'a payer list that is not a list',
    field: 'payer',
    body: (b) => ({ ...b, payer: 'Ana' }),
  },
  { what: 'a missing title', field: 'title', body: ({ title: _, ...rest }) => rest },
  { what: 'a missing date', field: 'date', body: ({ date: _, ...rest }) => rest },
  { what: 'a missing amount', field: 'amount', body: ({ amount: _, ...rest }) => rest },
  { what: 'a missing currency', field: 'currency_id', body: ({ currency_id: _, ...rest }) => rest },
  { what: 'a missing payer list', field: 'payer', body: ({ payer: _, ...rest }) => rest },
  {
    what: 'an empty participant list',
    field: 'participant',
    body: (b) => ({ ...b, participant: [] }),
  },
  { what: 'a zero amount', field: 'amount', body: (b) => ({ ...b, amount: 0 }) },
  { what: 'a negative amount', field: 'amount', body: (b) => ({ ...b, amount: -9000 }) },
  { what: 'a fractional amount', field: 'amount', body: (b) => ({ ...b, amount: 9000.5 }) },
  {
    what: `an amount over ${LIMITS.maxAmount}`,
    field: 'amount',
    body: (b, p) => ({
      ...b,
      amount: HUGE,
      payer: [{ user_id: p.ana, amount: HUGE }],
      participant: [{ user_id: p.ben, amount: HUGE }],
    }),
  },
  {
    what: 'a fractional payer amount',
    field: 'payer.0.amount',
    body: (b, p) => ({
      ...b,
      payer: [
        { user_id: p.ana, amount: 5999.5 },
        { user_id: p.ben, amount: 3000.5 },
      ],
    }),
  },
  {
    what: 'a negative participant amount',
    field: 'participant.0.amount',
    body: (b, p) => ({
      ...b,
      participant: [
        { user_id: p.ana, amount: -1000 },
        { user_id: p.ben, amount: 10000 },
      ],
    }),
  },
  {
    what: 'payer amounts that do not add up to the amount',
    field: 'payer',
    body: (b, p) => ({ ...b, payer: [{ user_id: p.ana, amount: 8999 }] }),
  },
  {
    what: 'participant amounts that do not add up to the amount',
    field: 'participant',
    body: (b, p) => ({
      ...b,
      participant: [
        { user_id: p.ana, amount: 4500 },
        { user_id: p.ben, amount: 4501 },
      ],
    }),
  },
  {
    what: 'a person listed twice among the payers',
    field: 'payer.1.user_id',
    body: (b, p) => ({
      ...b,
      payer: [
        { user_id: p.ana, amount: 4500 },
        { user_id: p.ana, amount: 4500 },
      ],
    }),
  },
  {
    what: 'a participant who is in no event',
    field: 'participant.2.user_id',
    body: (b, p) => ({
      ...b,
      participant: [
        { user_id: p.ana, amount: 3000 },
        { user_id: p.ben, amount: 3000 },
        { user_id: randomUUID(), amount: 3000 },
      ],
    }),
  },
  {
    what: 'a payer who belongs to another event',
    field: 'payer.0.user_id',
    body: (b, p) => ({
      ...b,
      payer: [
        { user_id: p.stranger, amount: 6000 },
        { user_id: p.ben, amount: 3000 },
      ],
    }),
  },
  {
    what: 'an author who is not in the event',
    field: 'user_id',
    body: (b, p) => ({ ...b, user_id: p.stranger }),
  },
  {
    what: 'a person id that is not a UUID',
    field: 'payer.0.user_id',
    body: (b) => ({ ...b, payer: [{ user_id: 'ana', amount: 9000 }] }),
  },
  {
    what: 'an unknown currency',
    field: 'currency_id',
    body: (b) => ({ ...b, currency_id: 'XYZ' }),
  },
  {
    what: 'a lower-case currency code',
    field: 'currency_id',
    body: (b) => ({ ...b, currency_id: 'eur' }),
  },
  {
    what: 'a title of 101 characters',
    field: 'title',
    body: (b) => ({ ...b, title: 't'.repeat(101) }),
  },
  { what: 'a blank title', field: 'title', body: (b) => ({ ...b, title: '   ' }) },
  {
    what: 'a description over 2,000 characters',
    field: 'desc',
    body: (b) => ({ ...b, desc: 'd'.repeat(2001) }),
  },
  { what: 'a day that does not exist', field: 'date', body: (b) => ({ ...b, date: '2026-02-30' }) },
  { what: 'the year zero', field: 'date', body: (b) => ({ ...b, date: '0000-01-01' }) },
  {
    what: 'a NUL character in the title',
    field: 'title',
    body: (b) => ({ ...b, title: 'Din\u0000ner' }),
  },
  {
    what: 'a NUL character in the description',
    field: 'desc',
    body: (b) => ({ ...b, desc: '\u0000' }),
  },
  {
    what: 'a date not written YYYY-MM-DD',
    field: 'date',
    body: (b) => ({ ...b, date: '20.11.2026' }),
  },
  { what: 'an unknown category', field: 'category', body: (b) => ({ ...b, category: 'jewels' }) },
  {
    what: 'an unknown split mode',
    field: 'split.mode',
    body: (b) => ({ ...b, split: { mode: 'magic' } }),
  },
  { what: 'an expense id that is not a UUID', field: 'id', body: (b) => ({ ...b, id: '42' }) },
];

describe.each(DATABASES)('expense validation on %s', (kind) => {
  const started = useTestApp(kind);

  async function setup() {
    const api = apiClient(started().app);
    const event: Event = await createEvent(api);
    const other = await createEvent(api, ['Dora']);
    const people: People = {
      ana: personId(event, 'Ana'),
      ben: personId(event, 'Ben'),
      chloe: personId(event, 'Chloé'),
      stranger: personId(other, 'Dora'),
    };
    // One expense already there, so "unchanged" covers existing content too.
    const existing = validBody(people);
    expect((await api.post(`/api/event/${event.id}/expenditure`, existing)).status).toBe(201);
    return { api, event, people, url: `/api/event/${event.id}/expenditure` };
  }

  it.each(CASES)(
    'refuses $what with 422 naming $field, and writes nothing',
    async ({ field, body }) => {
      const { api, event, people, url } = await setup();
      const before = await readState(api, event.id);
      expectFieldError(await api.post(url, body(validBody(people), people)), field);
      expect(await readState(api, event.id)).toEqual(before);
    },
  );

  it('refuses an update of an existing expense that breaks a rule, keeping the old content', async () => {
    const { api, event, people, url } = await setup();
    const body = validBody(people);
    expect((await api.post(url, body)).status).toBe(201);
    const before = await readState(api, event.id);
    expectFieldError(await api.post(url, { ...body, amount: 9001 }), 'payer');
    expectFieldError(
      await api.post(url, { ...body, payer: [{ user_id: people.stranger, amount: 9000 }] }),
      'payer.0.user_id',
    );
    expect(await readState(api, event.id)).toEqual(before);
  });

  it('accepts the largest amount and a title of exactly 100 characters', async () => {
    const { api, people, url } = await setup();
    const max = LIMITS.maxAmount;
    const answer = await api.post(url, {
      ...validBody(people),
      title: 't'.repeat(100),
      amount: max,
      payer: [{ user_id: people.ana, amount: max }],
      participant: [
        { user_id: people.ben, amount: max - 1 },
        { user_id: people.chloe, amount: 1 },
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  });
});
