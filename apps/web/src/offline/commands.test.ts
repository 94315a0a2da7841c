import { describe, expect, it } from 'vitest';
import { commandRequest } from './command-request';
import type { Change, Command } from './commands';
import { inPlaceOf } from './enqueue';

/** A change as the queue keeps it, saved in one event (possibly by an older version of the app). */
const queued = (change: Change): Command => ({
  id: 'queued-1',
  eventId: 'ePPUbBK4SwaFdV-grodJMQ',
  change,
  whoAmI: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('replaying a queued change to a person', () => {
  it('renames the person under the event the change was saved in', () => {
    const request = commandRequest(
      queued({
        kind: 'person.rename',
        personId: 'c0ffee00-0000-4000-8000-000000000001',
        name: 'Bo',
      }),
    );
    expect(request).toEqual({
      method: 'PUT',
      path: '/event/ePPUbBK4SwaFdV-grodJMQ/users/c0ffee00-0000-4000-8000-000000000001',
      body: { name: 'Bo' },
    });
  });

  it('saves payment details under the person, whole, as the server takes them', () => {
    const request = commandRequest(
      queued({
        kind: 'person.paymentDetails',
        personId: 'c0ffee00-0000-4000-8000-000000000001',
        details: { iban: 'DE89370400440532013000', paypal: 'bo' },
      }),
    );
    expect(request).toEqual({
      method: 'PUT',
      path: '/event/ePPUbBK4SwaFdV-grodJMQ/users/c0ffee00-0000-4000-8000-000000000001/payment-details',
      body: { iban: 'DE89370400440532013000', paypal: 'bo' },
    });
  });

  it('sets the person’s share in the default split under the event', () => {
    const request = commandRequest(
      queued({
        kind: 'person.defaultWeight',
        personId: 'c0ffee00-0000-4000-8000-000000000001',
        weight: 2,
      }),
    );
    expect(request).toEqual({
      method: 'PUT',
      path: '/event/ePPUbBK4SwaFdV-grodJMQ/users/c0ffee00-0000-4000-8000-000000000001/default-weight',
      body: { default_weight: 2 },
    });
  });

  it('removes the person under the event the change was saved in', () => {
    const request = commandRequest(
      queued({ kind: 'person.remove', personId: 'c0ffee00-0000-4000-8000-000000000001' }),
    );
    expect(request).toEqual({
      method: 'DELETE',
      path: '/event/ePPUbBK4SwaFdV-grodJMQ/users/c0ffee00-0000-4000-8000-000000000001',
    });
  });

  it('adds a person with the event named in the body', () => {
    const body = {
      id: 'c0ffee00-0000-4000-8000-000000000001',
      event_id: 'ePPUbBK4SwaFdV-grodJMQ',
      name: 'Bo',
    };
    expect(commandRequest(queued({ kind: 'person.add', body }))).toEqual({
      method: 'POST',
      path: '/users',
      body,
    });
  });
});

describe('a newer waiting change in the place of an older one', () => {
  it('renames with the newest name, measured against the first rename’s base', () => {
    const person = 'c0ffee00-0000-4000-8000-000000000001';
    const first = queued({
      kind: 'person.rename',
      personId: person,
      name: 'Bo',
      base: { name: 'Bob' },
    });
    const second = {
      ...queued({ kind: 'person.rename', personId: person, name: 'Bobby', base: { name: 'Bob' } }),
      id: 'queued-2',
    };
    expect(inPlaceOf(second, first)).toMatchObject({
      id: 'queued-1',
      change: { kind: 'person.rename', name: 'Bobby', base: { name: 'Bob' } },
    });
  });

  it('sends only the newest share of a person', () => {
    const person = 'c0ffee00-0000-4000-8000-000000000001';
    const first = queued({ kind: 'person.defaultWeight', personId: person, weight: 2 });
    const second = {
      ...queued({ kind: 'person.defaultWeight', personId: person, weight: 1.5 }),
      id: 'queued-2',
    };
    expect(inPlaceOf(second, first)).toMatchObject({
      id: 'queued-1',
      change: { kind: 'person.defaultWeight', weight: 1.5 },
    });
  });
});
