import { readFileSync } from 'node:fs';
import {
  type Event,
  IMPORT_MAX_BYTES,
  type ImportPreview,
  importPreviewSchema,
} from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { type FormPart, multipartBody } from '../receipts/support/receipt-upload';
import { balanceOf, readBalances } from '../support/api-checks';
import { apiClient, useTestApp } from '../support/test-app';

/** A fixture of another app (see fixtures/imports/README.md for where each comes from). */
const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/imports/${name}`, import.meta.url));

interface Answer<T> {
  status: number;
  body: { data: T; message?: string; errors?: Record<string, string[]> };
}

/**
 * Every format is read in a dry run, and each file's balances are the ones its own app shows
 * (worked out by hand in the comments, in cents). Dry runs write nothing, so one database serves.
 */
describe('importing another app’s file', () => {
  const started = useTestApp('pglite');

  const upload = async <T>(
    name: string,
    fields: Record<string, string> = {},
    query = '?dry_run=true',
    bytes: Buffer | string = fixture(name),
  ): Promise<Answer<T>> => {
    const parts: FormPart[] = [
      ...Object.entries(fields).map(([field, value]) => ({ name: field, data: value })),
      { name: 'file', filename: name, contentType: 'application/octet-stream', data: bytes },
    ];
    const { payload, contentType } = multipartBody(parts);
    const response = await started().app.inject({
      method: 'POST',
      url: `/api/events/import${query}`,
      headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest' },
      payload,
    });
    return { status: response.statusCode, body: JSON.parse(response.body) };
  };

  const preview = async (name: string, fields: Record<string, string> = {}) => {
    const answer = await upload<ImportPreview>(name, fields);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return importPreviewSchema.parse(answer.body.data);
  };
  const balances = (data: ImportPreview) =>
    Object.fromEntries(data.people.map((person) => [person.name, person.balance]));

  it.each([
    // Spliit's own apportionment: 100.00 in three leaves one cent to whom its hash says.
    ['spliit.json', 'spliit-json', 'Ski week'],
    ['spliit.csv', 'spliit-csv', 'Spliit'],
    ['ihatemoney-7.json', 'ihatemoney-json', 'Ihatemoney 7'],
    ['abrechnung.json', 'abrechnung-json', 'Flat'],
  ])('%s is told apart by its content as %s and named', async (file, format, name) => {
    const data = await preview(file);
    expect(data.format).toBe(format);
    expect(data.name).toBe(name);
    expect(data.people.reduce((sum, person) => sum + person.balance, 0)).toBe(0);
  });

  it('reads Spliit’s JSON with Spliit’s own shares, reimbursements as payments', async () => {
    const data = await preview('spliit.json');
    expect(data).toMatchObject({ currency_id: 'EUR', expenditure_count: 2, payment_count: 1 });
    // Chalet 100.00 in three: its id's hash gives Ana (first by id) the cent left over; ski
    // pass 90.00 by shares 2:1; Cléo pays Ana back 20.00.
    expect(balances(data)).toEqual({
      Ana: 10000 - 3334 - 2000,
      Ben: 9000 - 6000 - 3333,
      Cléo: -3333 - 3000 + 2000,
    });
  });

  it('reads Spliit’s CSV: the payer’s own share positive, the others’ negative', async () => {
    expect(balances(await preview('spliit.csv'))).toEqual({ Ana: 6666, Ben: -333, Cléo: -6333 });
  });

  it('refuses a Spliit CSV row whose payer the file does not show, naming its line', async () => {
    const csv = `${fixture('spliit.csv').toString()}"2026-01-12","Cleo pays Ana back","Payment","EUR","20.00",,,,"Yes","Unevenly – By amount",-20,0,0\n`;
    const answer = await upload('spliit.csv', {}, '?dry_run=true', csv);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toMatch(/^line 4: Who paid cannot be told/);
    expect(Object.keys(answer.body.errors ?? {})).toEqual(['line:4']);
  });

  it('reads IHateMoney’s JSON (its own test data) with each person’s weight', async () => {
    // Red wine 200.00 for zorglub (2) and tata (1); raclette 10.00 weighs zorglub double.
    expect(balances(await preview('ihatemoney-7.json'))).toEqual({
      tata: -5534,
      jeanne: 18467,
      zorglub: -12733,
      pepe: -200,
    });
  });

  it('reads IHateMoney’s CSV of every version: reimbursements as payments, XXX as the event’s currency', async () => {
    const seven = await preview('ihatemoney-7.csv', { currency_id: 'EUR' });
    expect(seven).toMatchObject({ format: 'ihatemoney-csv', payment_count: 1, warnings: [] });
    expect(balances(seven)).toEqual({ zorglub: -12733, jeanne: 14800, tata: -1867, pepe: -200 });
    const four = await preview('ihatemoney-4.csv');
    expect(balances(four)).toEqual({ zorglub: -12733, jeanne: 19800, tata: -6867, pepe: -200 });
    // No currency in the file nor the request: the preview says which it took.
    expect(four.warnings.map((warning) => warning.code)).toEqual(['import_currency_guessed']);
  });

  it('reads Cospend’s sections: weights, reimbursements, the trash left out', async () => {
    const data = await preview('cospend.csv');
    expect(data).toMatchObject({ format: 'cospend-csv', currency_id: 'EUR', payment_count: 1 });
    expect(balances(data)).toEqual({ Alice: -389, Bob: 3722, Carol: -3333 });
    expect(data.warnings).toMatchObject([{ code: 'import_deleted_left_out', line: 10 }]);
  });

  it('reads MoneyBuster’s bills without its member rows', async () => {
    const data = await preview('moneybuster.csv', { currency_id: 'CHF' });
    expect(data).toMatchObject({ format: 'moneybuster-csv', currency_id: 'CHF' });
    expect(balances(data)).toEqual({ Dan: 1500, Eve: -1500, Fay: 0 });
  });

  it('reads Settle Up’s UTF-16 file: several payers, transfers as payments', async () => {
    const data = await preview('settle-up.csv');
    expect(data).toMatchObject({ format: 'settle-up-csv', expenditure_count: 2, payment_count: 1 });
    expect(balances(data)).toEqual({ Ana: 1000, Ben: 1000, Cleo: -2000 });
  });

  it('reads Abrechnung’s items, clearing accounts and converted transfers', async () => {
    expect(balances(await preview('abrechnung.json'))).toEqual({
      Ana: 1000,
      Ben: 1000,
      Cleo: -2000,
    });
  });

  it('reads Splitwise as people have it: a note first, no description, renamed totals, two currencies', async () => {
    const data = await preview('splitwise-personal.csv');
    expect(data).toMatchObject({ format: 'splitwise-csv', expenditure_count: 3, payment_count: 1 });
    expect(data.currency_rates.map((rate) => rate.currency_id)).toEqual(['USD']);
    expect(data.warnings).toMatchObject([{ code: 'csv_untitled', line: 4 }]);
    // Each totals row reproduced to the cent, in its own currency.
    expect(data.stated_balances).toEqual([
      { name: 'Ana', currency_id: 'EUR', stated: 1000, computed: 1000 },
      { name: 'Ben', currency_id: 'EUR', stated: -1000, computed: -1000 },
      { name: 'Ana', currency_id: 'USD', stated: 1500, computed: 1500 },
      { name: 'Ben', currency_id: 'USD', stated: -1500, computed: -1500 },
    ]);
  });

  it('reads Splitwise’s German header, and shows where its totals row disagrees', async () => {
    const data = await preview('splitwise-de.csv');
    expect(data.stated_balances).toEqual([
      { name: 'Ana', currency_id: 'EUR', stated: -300, computed: -383 },
      { name: 'Ben', currency_id: 'EUR', stated: 300, computed: 383 },
    ]);
  });

  it('creates the event the preview showed: the same balances, one ledger', async () => {
    const shown = await preview('cospend.csv', { name: 'Cospend trip' });
    const created = await upload<Event>('cospend.csv', { name: 'Cospend trip' }, '');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.name).toBe('Cospend trip');
    const api = apiClient(started().app);
    const held = balanceOf(await readBalances(api, created.body.data.id));
    const byName = Object.fromEntries(
      created.body.data.users.map((user) => [user.name, held[user.id]]),
    );
    expect(byName).toEqual(balances(shown));
  });

  it('refuses a file of no known format, and a broken one, writing nothing', async () => {
    const unknown = await upload('notes.csv', {}, '?dry_run=true', 'a,b\n1,2\n');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toHaveProperty('file');
    const broken = await upload('x.json', {}, '', '{\n  "version": 1,\n  oops\n}');
    expect(broken.status).toBe(422);
    expect(Object.keys(broken.body.errors ?? {})).toEqual(['line:3']);
  });

  it('refuses a file larger than an import may be before reading it', async () => {
    const large = Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x20);
    const answer = await upload('large.csv', {}, '?dry_run=true', large);
    expect(answer.status).toBe(413);
  });

  it('takes a Quits export as a file, as it takes it as a body', async () => {
    const api = apiClient(started().app);
    const event = await api.post<{ data: Event }>('/api/events', {
      name: 'Round trip',
      currency_id: 'EUR',
      users: [{ name: 'Ana' }, { name: 'Ben' }],
    });
    expect(event.status, JSON.stringify(event.body)).toBe(201);
    const file = await started().app.inject({
      method: 'GET',
      url: `/api/events/${event.body.data.id}/export?format=json`,
    });
    const data = await upload<ImportPreview>('export.json', {}, '?dry_run=true', file.body);
    expect(data.status, JSON.stringify(data.body)).toBe(200);
    expect(data.body.data).toMatchObject({
      source: 'quits',
      format: 'quits-json',
      name: 'Round trip',
    });
  });
});
