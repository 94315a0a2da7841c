import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Command } from './commands';
import { refusalOfAnswer } from './refusal';
import { refusalLines, sharedChangeTime, type WordingContext } from './refusal-words';

const ANN = 'c0ffee00-0000-4000-8000-000000000001';
const DAN = 'c0ffee00-0000-4000-8000-000000000004';

/** A `t` that shows the key and its values, so the tests read what the person would be told. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

const wording: WordingContext = {
  t,
  personName: (id) => (id === ANN ? 'Ann' : null),
  money: (minor, currency) => `${(minor / 100).toFixed(2)} ${currency}`,
  date: (date) => date,
  moment: () => '10:42',
  category: (category) => category,
};

const refused = (status: number, body: Record<string, unknown>): Command => ({
  id: 'q1',
  eventId: 'ePPUbBK4SwaFdV-grodJMQ',
  change: {
    kind: 'expense.save',
    body: {
      id: 'c0ffee00-0000-4000-8000-0000000000e1',
      title: 'Taxi',
      desc: '',
      date: '2026-03-01',
      amount: 4500,
      currency_id: 'EUR',
      payer: [{ user_id: ANN, amount: 4500 }],
      participant: [{ user_id: ANN, amount: 4500 }],
    },
  },
  whoAmI: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  rejected: refusalOfAnswer(status, String(body.message ?? ''), body),
});

describe('a refused change in words', () => {
  it('names each conflicting field with both values, who made the other change and when', () => {
    const command = refused(409, {
      message: 'Changed meanwhile',
      errors: {},
      code: 'edit_conflict',
      conflicts: [
        {
          field: 'amount',
          base: { amount: 3000, currency_id: 'EUR' },
          mine: { amount: 4500, currency_id: 'EUR' },
          theirs: { amount: 3000, currency_id: 'EUR' },
          by: { user_id: null, name: 'Ben', at: '2026-03-02T10:42:00.000Z' },
        },
      ],
      current: {},
    });
    const [line] = refusalLines(command, wording);
    expect(line).toContain('refusal.conflict.line');
    expect(line).toContain('"mine":"45.00 EUR"');
    expect(line).toContain('"theirs":"30.00 EUR"');
    expect(line).toContain('"name":"Ben"');
    expect(line).toContain('refusal.conflict.changedAt {"time":"10:42"}');
  });

  it('says who was removed from the event rather than which field was invalid', () => {
    const command = refused(422, {
      message: 'The given data was invalid.',
      errors: { 'participant.1.user_id': ['Not a person of this event.'] },
      removed_people: [{ user_id: DAN, name: 'Dan' }],
    });
    expect(refusalLines(command, wording)).toEqual(['refusal.removed {"name":"Dan"}']);
  });

  it('says who deleted the entry', () => {
    const command = refused(409, {
      message: 'Deleted',
      errors: {},
      code: 'entry_deleted',
      deleted_at: '2026-03-02T10:42:00.000Z',
      by: { user_id: null, name: 'Ben', at: '2026-03-02T10:42:00.000Z' },
    });
    expect(refusalLines(command, wording)).toEqual([
      'refusal.deleted.expense {"name":"Ben"} (10:42)',
    ]);
  });

  it('words any other refusal field by field, keeping the server’s messages', () => {
    const command = refused(422, {
      message: 'The given data was invalid.',
      errors: { title: ['Must not be empty.'] },
    });
    expect(refusalLines(command, wording)).toEqual([
      'refusal.fieldError {"field":"refusal.field.title","message":"Must not be empty."}',
    ]);
  });

  it('falls back to the server’s message for a refusal without field errors', () => {
    const command = refused(404, { message: 'Not found' });
    expect(refusalLines(command, wording)).toEqual(['refusal.message {"message":"Not found"}']);
  });
});

describe('the time of the other change', () => {
  const by = (at: string | null) => ({ user_id: null, name: 'Ben', at });
  const conflict = (field: string, at: string | null) => ({
    field,
    base: 1,
    mine: 2,
    theirs: 3,
    by: by(at),
  });

  it('is said once when one change made every conflicting field', () => {
    const at = '2026-03-02T10:42:00.000Z';
    expect(sharedChangeTime([conflict('amount', at), conflict('split', at)])).toBe(at);
  });

  it('is said per field when the fields come from different changes, or is unknown', () => {
    expect(
      sharedChangeTime([conflict('amount', '2026-03-02T10:42:00.000Z'), conflict('title', null)]),
    ).toBeNull();
    expect(sharedChangeTime([conflict('title', null)])).toBeNull();
  });
});
