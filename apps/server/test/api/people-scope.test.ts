import { describe, expect, it } from 'vitest';
import { expectError, readState } from '../support/api-checks';
import { createEvent, personId } from '../support/fixtures';
import { apiClient, DATABASES, useTestApp } from '../support/test-app';

describe.each(DATABASES)("a person's id on %s", (kind) => {
  const started = useTestApp(kind);

  it('renames and removes nobody under another event, and answers nothing of theirs', async () => {
    const api = apiClient(started().app);
    const mine = await createEvent(api, ['Ana']);
    const theirs = await createEvent(api, ['Zoé', 'Yann']);
    const zoe = personId(theirs, 'Zoé');
    const before = await readState(api, theirs.id);

    const renamed = expectError(
      await api.put(`/api/event/${mine.id}/users/${zoe}`, { name: 'Mallory' }),
      404,
    );
    const removed = expectError(await api.del(`/api/event/${mine.id}/users/${zoe}`), 404);

    expect(JSON.stringify([renamed, removed])).not.toContain(theirs.id);
    expect(await readState(api, theirs.id)).toEqual(before);
  });

  it('answers 404 for an event that does not exist, whoever the person is', async () => {
    const api = apiClient(started().app);
    const theirs = await createEvent(api, ['Zoé']);
    const zoe = personId(theirs, 'Zoé');
    const missing = 'A'.repeat(22);
    expectError(await api.put(`/api/event/${missing}/users/${zoe}`, { name: 'Mallory' }), 404);
    expectError(await api.del(`/api/event/${missing}/users/${zoe}`), 404);
  });

  it("refuses a rename or removal by the person's id alone, as an older app sends it, and changes nothing", async () => {
    const api = apiClient(started().app);
    const theirs = await createEvent(api, ['Zoé', 'Yann']);
    const yann = personId(theirs, 'Yann');
    const before = await readState(api, theirs.id);

    const renamed = expectError(await api.put(`/api/users/${yann}`, { name: 'Mallory' }), 410);
    const removed = expectError(await api.del(`/api/users/${yann}`), 410);

    expect(renamed.message).toContain('reload');
    expect(JSON.stringify([renamed, removed])).not.toContain(theirs.id);
    expect(await readState(api, theirs.id)).toEqual(before);
  });
});
