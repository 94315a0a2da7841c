import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { buildRateTable, convertTotal, type ExpenseRate } from '@quits/domain';
import { afterAll, describe, expect, it } from 'vitest';

const folder = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

/** Runs one migration file as drizzle does: statement by statement. */
async function runMigration(db: PGlite, file: string): Promise<void> {
  const text = await readFile(`${folder}/${file}`, 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) await db.exec(statement);
}

describe('the migration that keeps a rate with each expense', () => {
  const db = new PGlite();
  afterAll(() => db.close());

  it('gives existing foreign expenses the rate they convert at today, so their amounts stay', async () => {
    const files = (await readdir(folder)).filter((file) => file.endsWith('.sql')).sort();
    const rates = files.findIndex((file) => file.includes('rates_by_date'));
    expect(rates).toBeGreaterThan(0);
    for (const file of files.slice(0, rates)) await runMigration(db, file);

    const currencies = [
      { id: 'EUR', decimals: 2, rate: 1 },
      { id: 'USD', decimals: 2, rate: 0.8908685968819599 },
      { id: 'JPY', decimals: 0, rate: 0.0057 },
      { id: 'XAF', decimals: 0, rate: null },
    ];
    const line = (amount: number) =>
      `'[{"user_id":"00000000-0000-4000-8000-000000000001","amount":${amount}}]'`;
    await db.exec(`
      INSERT INTO currencies (id, name, unit, decimals, rate) VALUES
        ${currencies.map((c) => `('${c.id}', '${c.id}', '${c.id}', ${c.decimals}, ${c.rate ?? 'NULL'})`).join(', ')};
      INSERT INTO settings (key, value) VALUES ('rates', '{"date":"2026-10-02","source":"ECB"}');
      INSERT INTO events (id, name, currency_id) VALUES ('trip', 'Trip', 'EUR'), ('own', 'Own', 'EUR');
      INSERT INTO event_currency_rates (event_id, currency_id, exchange_rate) VALUES ('own', 'USD', 0.9);
      INSERT INTO expenditures (id, event_id, title, date, amount, currency_id, payer, participant) VALUES
        ('00000000-0000-4000-8000-00000000000a', 'trip', 'Taxi', '2024-03-15', 12345, 'USD', ${line(12345)}, ${line(12345)}),
        ('00000000-0000-4000-8000-00000000000b', 'trip', 'Ramen', '2024-03-15', 1999, 'JPY', ${line(1999)}, ${line(1999)}),
        ('00000000-0000-4000-8000-00000000000c', 'trip', 'Bread', '2024-03-15', 500, 'EUR', ${line(500)}, ${line(500)}),
        ('00000000-0000-4000-8000-00000000000d', 'trip', 'Stamp', '2024-03-15', 700, 'XAF', ${line(700)}, ${line(700)}),
        ('00000000-0000-4000-8000-00000000000e', 'own', 'Bus', '2024-03-15', 300, 'USD', ${line(300)}, ${line(300)});
    `);
    const before = await db.query<{
      id: string;
      event_id: string;
      amount: number;
      currency_id: string;
    }>('SELECT id, event_id, amount::float8 AS amount, currency_id FROM expenditures ORDER BY id');
    const tableOf = (eventId: string) =>
      buildRateTable(
        'EUR',
        eventId === 'own' ? [{ currency_id: 'USD', exchange_rate: 0.9 }] : [],
        currencies,
      );
    const expense = (row: (typeof before.rows)[number], rate: ExpenseRate | null) => ({
      id: row.id,
      amount: row.amount,
      currency_id: row.currency_id,
      payer: [],
      participant: [],
      rate,
    });
    const today = before.rows.map((row) => convertTotal(expense(row, null), tableOf(row.event_id)));

    await runMigration(db, files[rates] ?? '');
    const after = await db.query<{ id: string; rate: ExpenseRate | null }>(
      'SELECT id, rate FROM expenditures ORDER BY id',
    );
    expect(after.rows.map((row) => row.rate?.source ?? null)).toEqual([
      'ecb',
      'ecb',
      null,
      null,
      'event',
    ]);
    expect(after.rows[0]?.rate).toMatchObject({ currency_id: 'EUR', date: '2026-10-02' });
    const kept = before.rows.map((row, index) =>
      convertTotal(expense(row, after.rows[index]?.rate ?? null), tableOf(row.event_id)),
    );
    expect(kept).toEqual(today);
  });
});
