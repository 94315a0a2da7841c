import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';

const folder = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

/** Runs one migration file as drizzle does: statement by statement. */
async function runMigration(db: PGlite, file: string): Promise<void> {
  const text = await readFile(`${folder}/${file}`, 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) await db.exec(statement);
}

describe('the migration that numbers history rows within their event', () => {
  const db = new PGlite();
  afterAll(() => db.close());

  it('numbers the rows already written, per event, in the order they were written, and keeps the newest number on the event', async () => {
    const files = (await readdir(folder)).filter((file) => file.endsWith('.sql')).sort();
    const numbering = files.findIndex((file) => file.includes('activity_sequence_per_event'));
    expect(numbering).toBeGreaterThan(0);
    for (const file of files.slice(0, numbering)) await runMigration(db, file);

    await db.exec(`
      INSERT INTO events (id, name, currency_id) VALUES ('trip', 'Trip', 'EUR'), ('flat', 'Flat', 'EUR');
      INSERT INTO activities (event_id, entity, entity_id, action) VALUES
        ('trip', 'event', 'trip', 'created'), ('flat', 'event', 'flat', 'created'),
        ('flat', 'expenditure', 'a', 'created'), ('trip', 'expenditure', 'b', 'created'),
        ('flat', 'expenditure', 'a', 'deleted');
    `);
    await runMigration(db, files[numbering] ?? '');

    const rows = await db.query<{
      event_id: string;
      entity_id: string;
      action: string;
      seq: number;
    }>('SELECT event_id, entity_id, action, seq FROM activities ORDER BY id');
    expect(rows.rows).toEqual([
      { event_id: 'trip', entity_id: 'trip', action: 'created', seq: 1 },
      { event_id: 'flat', entity_id: 'flat', action: 'created', seq: 1 },
      { event_id: 'flat', entity_id: 'a', action: 'created', seq: 2 },
      { event_id: 'trip', entity_id: 'b', action: 'created', seq: 2 },
      { event_id: 'flat', entity_id: 'a', action: 'deleted', seq: 3 },
    ]);
    const newest = await db.query<{ id: string; history_seq: number }>(
      'SELECT id, history_seq FROM events ORDER BY id',
    );
    expect(newest.rows).toEqual([
      { id: 'flat', history_seq: 3 },
      { id: 'trip', history_seq: 2 },
    ]);
    await expect(
      db.exec(
        `INSERT INTO activities (event_id, seq, entity, entity_id, action) VALUES ('trip', 2, 'event', 'trip', 'updated')`,
      ),
    ).rejects.toThrow();
  });
});
