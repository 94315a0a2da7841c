import type { Event, Expenditure } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { expectError, expectFieldError, readState } from '../support/api-checks';
import { createEvent, expenseBody, personId } from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';

/** Names that look like "Ana" on a screen, though their characters differ. */
const LOOK_ALIKES = [
  'Ana\u200b',
  '\u202eanA',
  'Ａｎａ',
  'Ana\u034f',
  '\u2066Ana\u2069',
  'A\u00adna',
];

const SPLITWISE_HEADER = 'Date,Description,Category,Cost,Currency,Ana,Ben';

describe.each(DATABASES)('the text rules on %s', (kind) => {
  const started = useTestApp(kind);

  it.each(LOOK_ALIKES)('refuses %j beside Ana, as it refuses a second Ana', async (name) => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const before = await readState(api, event.id);
    const added = expectFieldError(
      await api.post('/api/users', { event_id: event.id, name }),
      'name',
    );
    expect(added.errors.name?.[0]).toBe('There is already a person called Ana.');
    expect(await readState(api, event.id)).toEqual(before);
  });

  it('refuses two look-alike people in a new event', async () => {
    const api = apiClient(started().app);
    const answer = await api.post('/api/events', {
      name: 'Trip',
      currency_id: 'EUR',
      users: [{ name: 'Ana' }, { name: 'Ａｎａ' }],
    });
    expectFieldError(answer, 'users.1.name');
  });

  it('keeps names and titles without their hidden characters, and emoji whole', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ｂｅｎ\u200b', 'Zoë 👩‍👩‍👧']);
    expect(event.users.map((user) => user.name)).toEqual(['Ben', 'Zoë 👩‍👩‍👧']);
    const ben = personId(event, 'Ben');
    const expense = expenseBody({ payer: ben, among: [ben], amount: 1000 });
    const saved = await api.post<{ data: Expenditure }>(`/api/event/${event.id}/expenditure`, {
      ...expense,
      title: 'Taxi\u202e\u200b 🚕',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.data.title).toBe('Taxi 🚕');
  });

  it('refuses a Splitwise CSV with NUL in a description with 422 naming the line, not a 500', async () => {
    const api = apiClient(started().app);
    const csv = [
      SPLITWISE_HEADER,
      '2026-10-01,Bread\u0000,Groceries,2.00,EUR,1.00,-1.00',
      '2026-10-02,Milk,Groceries,2.00,EUR,1.00,-1.00',
    ].join('\n');
    const refusal = expectError(
      await api.post('/api/events/import', { format: 'splitwise-csv', name: 'Flat', csv }),
      422,
    );
    expect(refusal.errors.csv).toEqual(['line 2: Description must not contain the NUL character.']);
  });

  it('refuses a Splitwise CSV with NUL or a look-alike in a name, and cuts long titles whole', async () => {
    const api = apiClient(started().app);
    const import_ = (csv: string) =>
      api.post<{ data: Event }>('/api/events/import', { format: 'splitwise-csv', name: 'F', csv });
    const row = '2026-10-01,Bread,Groceries,2.00,EUR,1.00,-1.00';
    const nul = expectError(
      await import_(`Date,Description,Category,Cost,Currency,Ana,B\u0000n\n${row}`),
      422,
    );
    expect(nul.errors.csv?.[0]).toBe(
      'line 1: the name in column 7 must not contain the NUL character.',
    );
    const lookAlike = expectError(
      await import_(`Date,Description,Category,Cost,Currency,Ana,Ａｎａ\n${row}`),
      422,
    );
    expect(lookAlike.errors.csv?.[0]).toBe('line 1: Ana has two columns.');

    // A description longer than a title, whose cut would fall inside an emoji's surrogate pair.
    const long = `${'x'.repeat(99)}😀 and more`;
    const imported = await import_(
      `${SPLITWISE_HEADER}\n2026-10-01,${long},Groceries,2.00,EUR,1.00,-1.00`,
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.data.expenditures[0]?.title).toBe('x'.repeat(99));
  });

  it('drops ESC, BEL and other control characters from names and titles, and never exports them', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana\u001b[2J', 'Ben\u0007']);
    expect(event.users.map((user) => user.name)).toEqual(['Ana[2J', 'Ben']);
    const ana = personId(event, 'Ana[2J');
    const saved = await api.post<{ data: Expenditure }>(`/api/event/${event.id}/expenditure`, {
      ...expenseBody({ payer: ana, among: [ana], amount: 1000 }),
      title: 'Taxi\u001b]0;pwned\u0007\u009b\u007f\n home',
      // A note keeps its lines and tabs, not the controls between them.
      desc: 'line one\u001b[31m\n\tline two\u0008',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.data.title).toBe('Taxi]0;pwned  home');
    expect(saved.body.data.desc).toBe('line one[31m\n\tline two');
    const csv = await started().app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/export?format=csv`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Taxi]0;pwned  home');
    // Nothing of C0 (but tab and line breaks), DEL or C1 in the file.
    const controls = [...csv.body].filter(
      (char) => /\p{Cc}/u.test(char) && !'\t\n\r'.includes(char),
    );
    expect(controls).toEqual([]);
  });

  it('refuses a JSON import whose people look alike', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api, ['Ana', 'Ben']);
    const exported = await api.get<Record<string, unknown>>(`/api/events/${event.id}/export`);
    expect(exported.status).toBe(200);
    const file = exported.body as { people: { id: string; name: string }[] };
    const people = file.people.map((person) =>
      person.name === 'Ben' ? { ...person, name: 'ANA\u200b' } : person,
    );
    const answer = await api.post('/api/events/import', { ...file, people });
    expectFieldError(answer, 'people.1.name');
  });
});
