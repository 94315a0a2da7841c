import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Event, EventExport, ImportPreview } from '@quits/contract';
import { eventExportSchema } from '@quits/contract';
import { executeRows } from '@server/db/connection';
import { attachment } from '@server/http/content-disposition';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balanceOf, expectError, expectFieldError, readBalances } from '../support/api-checks';
import { createEvent, expenseBody, paymentBody, personId } from '../support/fixtures';
import { type ApiClient, apiClient, DATABASES, useTestApp } from '../support/test-app';

/**
 * An event with something of everything an export must carry: rates, several payers, a split
 * by shares, a category and a description, a payment in another currency, a deleted expense
 * (left out) and an expense entered by someone removed since.
 */
async function richEvent(api: ApiClient): Promise<Event> {
  const event = await createEvent(api, ['Ana', 'Ben', 'Chloé', 'Dan'], {
    name: 'Lisbon trip',
    desc: 'Four days in November',
    currency_rates: [{ currency_id: 'USD', exchange_rate: 0.92 }],
  });
  const [ana, ben, chloe, dan] = ['Ana', 'Ben', 'Chloé', 'Dan'].map((name) =>
    personId(event, name),
  ) as [string, string, string, string];
  const post = async (path: string, body: unknown, headers?: Record<string, string>) => {
    const answer = await api.post(`/api/event/${event.id}/${path}`, body, headers);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  };
  await post('expenditure', {
    id: randomUUID(),
    title: 'Dinner at Ramiro',
    desc: 'Seafood, "the" best',
    date: '2026-11-20',
    amount: 9500,
    currency_id: 'EUR',
    category: 'food',
    payer: [
      { user_id: ana, amount: 6000 },
      { user_id: ben, amount: 3500 },
    ],
    participant: [
      { user_id: ana, amount: 3800 },
      { user_id: ben, amount: 1900 },
      { user_id: chloe, amount: 3800 },
    ],
    split: { mode: 'shares', weights: { [ana]: 2, [ben]: 1, [chloe]: 2 } },
  });
  await post(
    'expenditure',
    {
      ...expenseBody({ payer: chloe, among: [ana, chloe], amount: 4000, currency_id: 'USD' }),
      title: 'Taxi',
      category: 'transport',
    },
    { 'who-am-i': dan },
  );
  const gone = expenseBody({ payer: ana, among: [ana, ben], amount: 1234, title: 'Deleted' });
  await post('expenditure', gone);
  expect((await api.del(`/api/event/${event.id}/expenditure/${gone.id}`)).status).toBe(200);
  await post('payments', paymentBody({ from: ben, to: ana, amount: 1000 }));
  await post('payments', {
    ...paymentBody({ from: chloe, to: ben, amount: 500, currency_id: 'USD' }),
    title: '',
  });
  expect((await api.del(`/api/event/${event.id}/users/${dan}`)).status).toBe(200);
  const answer = await api.get<{ data: Event }>(`/api/events/${event.id}`);
  return answer.body.data;
}

/** An export with every id replaced by what it stands for, so two exports compare by content. */
function withoutIds(file: EventExport) {
  const name = new Map(file.people.map((person) => [person.id, person.name]));
  const who = (id: string | null) => (id === null ? null : (name.get(id) ?? `unknown ${id}`));
  const lines = (side: { user_id: string; amount: number }[]) =>
    side.map((line) => ({ who: who(line.user_id), amount: line.amount }));
  return {
    format: file.format,
    version: file.version,
    event: file.event,
    people: file.people.map((person) => person.name),
    expenditures: file.expenditures.map(
      ({ id: _id, user_id, payer, participant, split, ties, ...rest }) => ({
        ...rest,
        author: who(user_id),
        // Who gets an odd minor unit: texts made of the original's ids, the same in every copy.
        ties: ties && Object.fromEntries(Object.entries(ties).map(([id, text]) => [who(id), text])),
        payer: lines(payer),
        participant: lines(participant),
        split: split && {
          mode: split.mode,
          // A map: its keys come back in the database's order, which follows the ids.
          weights: Object.fromEntries(
            Object.entries(split.weights ?? {})
              .map(([id, weight]) => [who(id), weight] as const)
              .sort(([a], [b]) => String(a).localeCompare(String(b))),
          ),
        },
      }),
    ),
    payments: file.payments.map(({ id: _id, payer_id, payee_id, ...rest }) => ({
      ...rest,
      from: who(payer_id),
      to: who(payee_id),
    })),
  };
}

describe.each(DATABASES)('exporting and importing events on %s', (kind) => {
  const started = useTestApp(kind);

  const exportJson = async (api: ApiClient, eventId: string) => {
    const answer = await api.get<EventExport>(`/api/events/${eventId}/export?format=json`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { file: eventExportSchema.parse(answer.body), headers: answer.headers };
  };

  it('export, import and export again gives the same content under new ids', async () => {
    const api = apiClient(started().app);
    const event = await richEvent(api);
    const first = await exportJson(api, event.id);
    expect(first.headers['content-disposition']).toBe(attachment('Lisbon trip', 'json'));
    expect(first.file.people.map((person) => person.name)).toEqual(['Ana', 'Ben', 'Chloé']);
    expect(first.file.expenditures.map((expense) => expense.title)).toEqual([
      'Dinner at Ramiro',
      'Taxi',
    ]);
    // Dan entered the taxi and was removed since: the file names no author rather than a
    // person it does not hold.
    expect(first.file.expenditures[1]?.user_id).toBeNull();

    const imported = await api.post<{ data: Event }>('/api/events/import', first.file);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const copy = imported.body.data;
    expect(copy.id).not.toBe(event.id);
    const oldIds = new Set([
      ...event.users.map((user) => user.id),
      ...event.expenditures.map((expense) => expense.id),
      ...event.payments.map((payment) => payment.id),
    ]);
    for (const id of [
      ...copy.users.map((user) => user.id),
      ...copy.expenditures.map((expense) => expense.id),
      ...copy.payments.map((payment) => payment.id),
    ]) {
      expect(oldIds.has(id)).toBe(false);
    }

    const second = await exportJson(api, copy.id);
    expect(withoutIds(second.file)).toEqual(withoutIds(first.file));

    const byName = async (id: string, people: Event['users']) => {
      const balances = await readBalances(api, id);
      return balances.balances.map((row) => [
        people.find((user) => user.id === row.user_id)?.name,
        row.balance,
      ]);
    };
    expect(await byName(copy.id, copy.users)).toEqual(await byName(event.id, event.users));
  });

  it('answers readers of one version the same file, and a new file after a change', async () => {
    const api = apiClient(started().app);
    const event = await richEvent(api);
    const url = `/api/events/${event.id}/export`;
    const readers = await Promise.all(
      Array.from({ length: 10 }, () => started().app.inject({ method: 'GET', url })),
    );
    // Built once: even the moment of export is the same in every answer.
    expect(new Set(readers.map((answer) => answer.body)).size).toBe(1);
    expect(readers[0]?.headers['content-type']).toMatch(/^application\/json/);
    const [ana, ben] = [personId(event, 'Ana'), personId(event, 'Ben')];
    const added = expenseBody({ payer: ana, among: [ana, ben], amount: 500, title: 'Ferry' });
    expect((await api.post(`/api/event/${event.id}/expenditure`, added)).status).toBe(201);
    const after = await exportJson(api, event.id);
    expect(after.file.expenditures.map((expense) => expense.title)).toContain('Ferry');
    const csv = await started().app.inject({ method: 'GET', url: `${url}?format=csv` });
    expect(csv.body).toContain('Ferry');
  });

  it('compresses an export for a client that takes it, the same file for every reader', async () => {
    const api = apiClient(started().app);
    const event = await richEvent(api);
    const url = `/api/events/${event.id}/export`;
    const plain = await started().app.inject({ method: 'GET', url });
    const packed = await Promise.all(
      Array.from({ length: 5 }, () =>
        started().app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } }),
      ),
    );
    for (const answer of packed) {
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(plain.body);
    }
    const gzipped = await started().app.inject({
      method: 'GET',
      url: `${url}?format=csv`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toContain('Dinner at Ramiro');
  });

  it('previews a JSON import without writing, and names what is wrong in a bad one', async () => {
    const api = apiClient(started().app);
    const event = await richEvent(api);
    const { file } = await exportJson(api, event.id);
    const count = async () =>
      (
        await executeRows<{ n: number }>(
          started().app.db,
          sql`SELECT count(*)::int AS n FROM events`,
        )
      )[0]?.n;
    const before = await count();

    const preview = await api.post<{ data: ImportPreview }>(
      '/api/events/import?dry_run=true',
      file,
    );
    expect(preview.status).toBe(200);
    const balances = await readBalances(api, event.id);
    expect(preview.body.data).toMatchObject({
      source: 'quits',
      name: 'Lisbon trip',
      currency_id: 'EUR',
      expenditure_count: 2,
      payment_count: 2,
      total: 9500 + 3680,
      people: balances.balances.map((row) => ({ balance: row.balance })),
    });

    const stranger = randomUUID();
    const broken: EventExport = {
      ...file,
      people: [...file.people, { id: randomUUID(), name: 'ana' }],
      expenditures: file.expenditures.map((expense, index) =>
        index === 1
          ? { ...expense, payer: [{ user_id: stranger, amount: expense.amount }] }
          : expense,
      ),
      payments: file.payments.map((payment, index) =>
        index === 0 ? { ...payment, currency_id: 'XYZ' } : payment,
      ),
    };
    const refusal = expectError(await api.post('/api/events/import', broken), 422);
    expect(Object.keys(refusal.errors).sort()).toEqual([
      'expenditures.1.payer.0.user_id',
      'payments.0.currency_id',
      'people.3.name',
    ]);

    expectFieldError(
      await api.post('/api/events/import', {
        ...file,
        expenditures: [{ ...file.expenditures[0], amount: 1 }],
      }),
      'expenditures.0.payer',
    );
    expectFieldError(await api.post('/api/events/import', { ...file, version: 2 }), 'version');
    expect(await count()).toBe(before);
  });

  it('exports a CSV for spreadsheets: BOM, quoted text, dot decimals, a column per person', async () => {
    const api = apiClient(started().app);
    const event = await richEvent(api);
    await api.put(`/api/events/${event.id}`, { name: 'Café "Zürich" / 2026' });
    const ben = personId(event, 'Ben');
    const formula = expenseBody({ payer: ben, among: [ben], amount: 123456, title: '=1+2' });
    await api.post(`/api/event/${event.id}/expenditure`, formula);

    const response = await started().app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/export?format=csv`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Cafe _Zurich_ 2026.csv"; filename*=UTF-8''Caf%C3%A9%20%22Z%C3%BCrich%22%202026.csv`,
    );
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parse(text, { bom: true }) as string[][];
    const [header, ...rest] = rows;
    // The last row is each person's balance; the others are the entries.
    const entries = rest.slice(0, -1);
    expect(header).toEqual([
      'Date',
      'Type',
      'Title',
      'Category',
      'Amount',
      'Currency',
      'Amount (EUR)',
      'Paid by',
      'Ana',
      'Ben',
      'Chloé',
      'Ana (net)',
      'Ben (net)',
      'Chloé (net)',
    ]);
    expect(entries.map((row) => [row[0], row[1], row[2]])).toEqual([
      ['2026-11-20', 'expense', 'Dinner at Ramiro'],
      ['2026-11-20', 'expense', 'Taxi'],
      ['2026-11-20', 'expense', "'=1+2"],
      ['2026-11-21', 'payment', 'Settle up'],
      ['2026-11-21', 'payment', 'Chloé → Ben'],
    ]);
    expect(entries[0]?.slice(3)).toEqual([
      'Food and drink',
      '95.00',
      'EUR',
      '95.00',
      'Ana 60.00; Ben 35.00',
      '38.00',
      '19.00',
      '38.00',
      '22.00',
      '16.00',
      '-38.00',
    ]);
    // 40.00 USD at 0.92: 36.80 EUR, shared by Ana and Chloé.
    expect(entries[1]?.slice(3)).toEqual([
      'Transport',
      '40.00',
      'USD',
      '36.80',
      'Chloé',
      '18.40',
      '0.00',
      '18.40',
      '-18.40',
      '0.00',
      '18.40',
    ]);
    expect(entries[2]?.[4]).toBe('1234.56');
    // A payment is the payee's share of what the payer paid, as in the balances.
    expect(entries[4]?.slice(4)).toEqual([
      '5.00',
      'USD',
      '4.60',
      'Chloé',
      '0.00',
      '4.60',
      '0.00',
      '0.00',
      '-4.60',
      '4.60',
    ]);
    const cents = (cells: string[]) =>
      cells.reduce((sum, cell) => sum + Math.round(Number(cell) * 100), 0);
    for (const row of entries) {
      expect(cents(row.slice(8, 11))).toBe(Math.round(Number(row[6]) * 100));
      expect(cents(row.slice(11))).toBe(0);
      for (const cell of row.slice(4, 5).concat(row.slice(6, 7), row.slice(8))) {
        expect(cell).toMatch(/^-?\d+\.\d{2}$/);
      }
    }
    const balances = balanceOf(await readBalances(api, event.id));
    expect(rest.at(-1)).toEqual([
      '',
      'balance',
      'Balance',
      ...['', '', '', '', ''],
      ...['', '', ''],
      ...['Ana', 'Ben', 'Chloé'].map((who) =>
        (Number(balances[personId(event, who)]) / 100).toFixed(2),
      ),
    ]);
    // Numbers are never quoted, text always is.
    expect(text.split('\r\n')[1]).toMatch(
      /^"2026-11-20","expense","Dinner at Ramiro","Food and drink",95\.00,"EUR",95\.00,/,
    );
  });

  it('imports a file of several megabytes and thousands of entries whole, with their history', async () => {
    const api = apiClient(started().app);
    const [ana, ben] = [randomUUID(), randomUUID()];
    // More history rows than one statement writes (5,000): the rest go in further statements.
    const count = 5_200;
    const file = {
      format: 'quits-event',
      version: 1,
      event: { name: 'Big flat', desc: '', currency_id: 'EUR', currency_rates: [] },
      people: [
        { id: ana, name: 'Ana' },
        { id: ben, name: 'Ben' },
      ],
      expenditures: Array.from({ length: count }, (_, index) => ({
        title: `Groceries ${index}`,
        desc: 'x'.repeat(500),
        date: '2026-01-01',
        amount: 100 + index,
        currency_id: 'EUR',
        payer: [{ user_id: index % 2 ? ana : ben, amount: 100 + index }],
        participant: [{ user_id: index % 2 ? ben : ana, amount: 100 + index }],
      })),
      payments: [{ payer_id: ana, payee_id: ben, amount: 1 }],
    };
    expect(JSON.stringify(file).length).toBeGreaterThan(2 * 1024 * 1024);
    const answer = await api.post<{ data: Event }>('/api/events/import', file);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(201);
    const event = answer.body.data;
    expect(event.expenditures).toHaveLength(count);
    expect(event.expenditures.map((expense) => expense.title).slice(0, 3)).toEqual([
      'Groceries 0',
      'Groceries 1',
      'Groceries 2',
    ]);
    const balances = await readBalances(api, event.id);
    // Ana paid the odd ones for Ben, Ben the even ones for Ana; Ana then paid Ben 1 cent.
    let anaBalance = 0;
    for (let index = 0; index < count; index += 1) {
      anaBalance += index % 2 ? 100 + index : -(100 + index);
    }
    expect(balances.balances.map((row) => row.balance)).toEqual([anaBalance + 1, -anaBalance - 1]);
    // One history row for the event, each person and each entry, numbered 1… without a gap.
    const [history] = await executeRows<{ rows: number; first: number; last: number }>(
      started().app.db,
      sql`SELECT count(DISTINCT seq)::int AS rows, min(seq) AS first, max(seq) AS last
        FROM activities WHERE event_id = ${event.id}`,
    );
    const rows = 1 + 2 + count + 1;
    expect(history).toEqual({ rows, first: 1, last: rows });
    const [row] = await executeRows<{ version: number }>(
      started().app.db,
      sql`SELECT version FROM events WHERE id = ${event.id}`,
    );
    expect(row?.version).toBe(1);
    // Thousands of rows on a loaded 2-core machine.
  }, 120_000);

  it('answers 404 for an unknown event and 422 for an unknown format', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana']);
    expectError(await api.get(`/api/events/${'x'.repeat(22)}/export`), 404);
    expectFieldError(
      await api.get(`/api/events/${event.id}/export?format=xml`),
      'querystring.format',
    );
    const empty = await exportJson(api, event.id);
    expect(empty.file).toMatchObject({ people: [{ name: 'Ana' }], expenditures: [], payments: [] });
  });
});

describe('the file name of a download', () => {
  it('keeps the name readable in ASCII and exact in UTF-8, and never a path', () => {
    expect(attachment('Lisbon trip', 'csv')).toBe(
      `attachment; filename="Lisbon trip.csv"; filename*=UTF-8''Lisbon%20trip.csv`,
    );
    expect(attachment('../../etc/passwd', 'json')).toBe(
      `attachment; filename="etc passwd.json"; filename*=UTF-8''etc%20passwd.json`,
    );
    expect(attachment('北京 2026', 'csv')).toBe(
      `attachment; filename="__ 2026.csv"; filename*=UTF-8''%E5%8C%97%E4%BA%AC%202026.csv`,
    );
    expect(attachment('a\r\nb;c%', 'csv')).toBe(
      `attachment; filename="a b_c_.csv"; filename*=UTF-8''a%20b%3Bc%25.csv`,
    );
    expect(attachment('   ', 'csv')).toContain('filename="event.csv"');
  });
});
