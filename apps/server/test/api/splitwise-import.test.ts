import { readFileSync } from 'node:fs';
import type { Event, ImportPreview } from '@quits/contract';
import { eventSchema, importPreviewSchema } from '@quits/contract';
import { executeRows } from '@server/db/connection';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balanceOf, expectError, readActivity, readBalances } from '../support/api-checks';
import { personId } from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';

/**
 * A Splitwise group export written for these tests: three people, five expenses (one in USD,
 * one with a quoted title), a payment, a row that moves nobody's balance, and Splitwise's
 * "Total balance" lines. Line numbers below are the file's.
 */
const FIXTURE = readFileSync(new URL('./fixtures/splitwise-flat.csv', import.meta.url), 'utf8');

/** Each person's net per row of the fixture, in cents: what the file says about balances. */
const FILE_NETS: Record<string, { currency: string; nets: [number, number, number] }> = {
  Groceries: { currency: 'EUR', nets: [6000, -3000, -3000] },
  'Dinner out': { currency: 'EUR', nets: [-3000, 6500, -3500] },
  'Taxi to the airport': { currency: 'USD', nets: [-1000, 0, 1000] },
  'Museum tickets': { currency: 'EUR', nets: [-1500, -1500, 3000] },
  'Pizza, "Napoli"': { currency: 'EUR', nets: [-1100, 2200, -1100] },
};

describe.each(DATABASES)('importing a Splitwise CSV on %s', (kind) => {
  const started = useTestApp(kind);

  const counts = async () => {
    const [row] = await executeRows<{ events: number; activities: number; users: number }>(
      started().app.db,
      sql`SELECT (SELECT count(*)::int FROM events) AS events,
        (SELECT count(*)::int FROM activities) AS activities,
        (SELECT count(*)::int FROM users) AS users`,
    );
    return row;
  };
  const body = (csv: string, extra: Record<string, unknown> = {}) => ({
    format: 'splitwise-csv',
    name: 'Flat share',
    csv,
    ...extra,
  });

  it('creates an event whose every expense moves each person by their net in the file', async () => {
    const api = apiClient(started().app);
    const answer = await api.post<{ data: Event }>('/api/events/import', body(FIXTURE));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const event = eventSchema.parse(answer.body.data);
    expect(event).toMatchObject({ name: 'Flat share', currency_id: 'EUR' });
    expect(event.users.map((user) => user.name)).toEqual(['Ana', 'Ben', 'Chloé']);
    const ids = ['Ana', 'Ben', 'Chloé'].map((name) => personId(event, name));

    expect(event.expenditures.map((expense) => expense.title).sort()).toEqual(
      Object.keys(FILE_NETS).sort(),
    );
    for (const expense of event.expenditures) {
      const expected = FILE_NETS[expense.title];
      expect(expense.currency_id).toBe(expected?.currency);
      const net = (id: string) =>
        (expense.payer.find((line) => line.user_id === id)?.amount ?? 0) -
        (expense.participant.find((line) => line.user_id === id)?.amount ?? 0);
      expect(ids.map(net), expense.title).toEqual(expected?.nets);
      expect(expense.split).toEqual({ mode: 'exact' });
    }
    const categories = Object.fromEntries(event.expenditures.map((e) => [e.title, e.category]));
    expect(categories).toEqual({
      Groceries: 'groceries',
      'Dinner out': 'food',
      'Taxi to the airport': 'transport',
      'Museum tickets': 'activities',
      'Pizza, "Napoli"': 'food',
    });
    expect(event.payments).toHaveLength(1);
    expect(event.payments[0]).toMatchObject({
      title: 'Ben paid Ana',
      payer_name: 'Ben',
      payee_name: 'Ana',
      amount: 2000,
      currency_id: 'EUR',
      date: '2026-10-05',
    });
    // The USD rate is fixed at import from the global list (1 EUR = 1.1225 USD in the snapshot).
    expect(event.currency_rates).toEqual([
      { currency_id: 'USD', exchange_rate: Number((1 / 1.1225).toPrecision(8)) },
    ]);

    // With a round rate, the balances are exactly the file's nets added up: EUR as they are,
    // USD at 0.50 EUR.
    expect(
      (
        await api.put(`/api/events/${event.id}`, {
          currency_rates: [{ currency_id: 'USD', exchange_rate: 0.5 }],
        })
      ).status,
    ).toBe(200);
    const balances = balanceOf(await readBalances(api, event.id));
    expect(ids.map((id) => balances[id])).toEqual([
      6000 - 3000 - 1500 - 1100 - 2000 - 500,
      -3000 + 6500 - 1500 + 2200 + 2000,
      -3000 - 3500 + 3000 - 1100 + 1000 - 500,
    ]);

    const history = await readActivity(api, event.id);
    expect(history.at(-1)).toMatchObject({ entity: 'event', action: 'created' });
    expect(history.filter((row) => row.entity === 'expenditure')).toHaveLength(5);
  });

  it('previews with dry_run=true: people, counts, totals and balances, writing nothing', async () => {
    const api = apiClient(started().app);
    const before = await counts();
    const answer = await api.post<{ data: ImportPreview }>(
      '/api/events/import?dry_run=true',
      body(FIXTURE, { currency_id: 'USD' }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const preview = importPreviewSchema.parse(answer.body.data);
    expect(await counts()).toEqual(before);
    expect(preview).toMatchObject({
      source: 'splitwise',
      name: 'Flat share',
      currency_id: 'USD',
      expenditure_count: 5,
      payment_count: 1,
      missing_rates: [],
      warnings: [{ line: 9, message: expect.stringContaining("Ana's own coffee") }],
    });
    expect(preview.currency_rates.map((rate) => rate.currency_id)).toEqual(['EUR']);
    expect(preview.people.map((person) => person.name)).toEqual(['Ana', 'Ben', 'Chloé']);
    expect(preview.people.reduce((sum, person) => sum + person.balance, 0)).toBe(0);
    expect(preview.total).toBeGreaterThan(0);

    // In one currency the preview's figures are exactly the ones the event then has (converted
    // amounts may differ by a cent: ties in a split fall by the new expense's random id).
    const euroOnly = FIXTURE.split('\n')
      .filter((line) => !line.includes('USD'))
      .join('\n');
    const dry = await api.post<{ data: ImportPreview }>(
      '/api/events/import?dry_run=true',
      body(euroOnly),
    );
    const created = await api.post<{ data: Event }>('/api/events/import', body(euroOnly));
    expect(created.status).toBe(201);
    const balances = await readBalances(api, created.body.data.id);
    expect(balances.balances.map((row) => row.balance)).toEqual(
      dry.body.data.people.map((person) => person.balance),
    );
    expect(dry.body.data.people.map((person) => person.balance)).toEqual([-1600, 6200, -4600]);
    expect(dry.body.data).toMatchObject({ total: 9000 + 10000 + 4500 + 3300, currency_rates: [] });
  });

  it('refuses a bad file with 422 naming the line and the problem, and creates nothing', async () => {
    const api = apiClient(started().app);
    const lines = FIXTURE.split('\n');
    const withLine = (number: number, text: string) =>
      lines.map((line, index) => (index === number - 1 ? text : line)).join('\n');
    const cases: [string, string][] = [
      [
        withLine(5, '2026-10-03,Taxi to the airport,Taxi,twenty,USD,-10.00,0.00,10.00'),
        'line 5: Cost is not a number.',
      ],
      [
        withLine(4, '2026-10-02,Dinner out,Dining out,100.00,EUR,-30.00,65.00,-35.01'),
        "line 4: the people's amounts add up to -0.01, not 0.",
      ],
      [withLine(6, '2026-10-04,Museum tickets,Entertainment,45.00,EUR'), 'line 6: expected 8'],
      [
        withLine(3, '01/10/2026,Groceries,Groceries,90.00,EUR,60.00,-30.00,-30.00'),
        'line 3: Date is not a date written as YYYY-MM-DD.',
      ],
      [
        withLine(8, '2026-10-06,Pizza,Food and drink,33.00,XYZ,-11.00,22.00,-11.00'),
        'line 8: Currency "XYZ" is not a currency we know.',
      ],
      [
        withLine(7, '2026-10-05,Ben paid Ana,Payment,20.00,EUR,-10.00,20.00,-10.00'),
        'line 7: a payment needs one person who paid the cost and one who received it.',
      ],
      [
        withLine(3, '2026-10-01,Groceries,Groceries,90.00,EUR,-1.00,abc,1.00'),
        "line 3: Ben's amount is not a number.",
      ],
      [
        withLine(3, '2026-10-01,Groceries,Groceries,10.00,EUR,60.00,-30.00,-30.00'),
        'line 3: the amounts owed (60.00) are more than the cost (10.00).',
      ],
      [withLine(1, 'Date,What,Category,Cost,Currency,Ana,Ben,Chloé'), 'line 1: a Splitwise'],
      [withLine(1, 'Date,Description,Category,Cost,Currency,Ana,Ben,ana'), 'line 1: ana has'],
      [
        withLine(4, '2026-10-02,"Dinner out,Dining out,100.00'),
        'line 4: a quoted field is not closed where it should be (it shows on line 8)',
      ],
    ];
    const before = await counts();
    for (const [csv, problem] of cases) {
      const refusal = expectError(await api.post('/api/events/import', body(csv)), 422);
      expect(refusal.errors.csv?.[0], problem).toContain(problem);
      expect(refusal.message.toLowerCase()).toContain(problem.toLowerCase().slice(0, 12));
      const dry = expectError(await api.post('/api/events/import?dry_run=1', body(csv)), 422);
      expect(dry.errors.csv?.[0]).toContain(problem);
    }
    expect(await counts()).toEqual(before);
  });

  it('names every bad line of a file, not only the first', async () => {
    const api = apiClient(started().app);
    const csv = [
      'Date,Description,Category,Cost,Currency,Ana,Ben',
      '2026-10-01,Bread,Groceries,x,EUR,1.00,-1.00',
      '2026-10-02,Milk,Groceries,2.00,EUR,1.00,-1.00',
      '2026-10-03,Eggs,Groceries,2.00,EUR,1.00,-2.00',
    ].join('\r\n');
    const refusal = expectError(await api.post('/api/events/import', body(csv)), 422);
    expect(refusal.errors.csv).toEqual([
      'line 2: Cost is not a number.',
      "line 4: the people's amounts add up to -1.00, not 0.",
    ]);
  });

  it('refuses a file of more lines than the entry limit allows before reading any of them', async () => {
    const api = apiClient(started().app);
    // Its second line would be a parse error: the count of lines is what answers, not the parser.
    const rows = Array.from(
      { length: 50_002 },
      () => '2026-10-01,Bread,Groceries,2.00,EUR,1.00,-1.00',
    );
    rows[0] = '2026-10-01,"Bread,Groceries,2.00';
    const csv = ['Date,Description,Category,Cost,Currency,Ana,Ben', ...rows].join('\n');
    const refusal = expectError(await api.post('/api/events/import?dry_run=1', body(csv)), 422);
    expect(refusal.errors.csv).toEqual(['the file has more than 50000 expenses and payments.']);
  });

  it('refuses a file without entries, a missing name and an unknown format', async () => {
    const api = apiClient(started().app);
    const empty = expectError(
      await api.post('/api/events/import', body('Date,Description,Category,Cost,Currency,Ana\n')),
      422,
    );
    expect(empty.errors.csv?.[0]).toContain('line 1: the file holds no expenses or payments');
    const named = expectError(
      await api.post('/api/events/import', { format: 'splitwise-csv', csv: FIXTURE }),
      422,
    );
    expect(Object.keys(named.errors)).toContain('name');
    const unknown = expectError(await api.post('/api/events/import', { format: 'xlsx' }), 422);
    expect(unknown.errors.format?.[0]).toContain('quits-event');
  });
});
