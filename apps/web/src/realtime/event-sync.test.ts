import type { Event, EventChange } from '@quits/contract';
import { QueryClient } from '@tanstack/react-query';
import { eventKeys } from '@web/features/events/api/event-keys';
import { apiRequest } from '@web/lib/http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLiveChange } from './event-sync';

vi.mock('@web/lib/http', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/features/events/local-events', () => ({ rememberReadEvent: vi.fn() }));
vi.mock('@web/offline/sync-times', () => ({ markSynced: vi.fn() }));

const EVENT_ID = 'ePPUbBK4SwaFdV-grodJMQ';
const AT = '2026-03-01T10:00:00.000Z';

const held: Event = {
  id: EVENT_ID,
  name: 'Flat',
  desc: '',
  image: null,
  currency_id: 'EUR',
  currency_rates: [],
  time_zone: 'UTC',
  created_at: AT,
  updated_at: AT,
  deleted_at: null,
  closed_at: null,
  version: 3,
  currency: null,
  users: [{ id: 'u1', event_id: EVENT_ID, name: 'Ana', presence: [], default_weight: 1 }],
  expenditures: [],
  payments: [],
  recurrences: [],
};

const renamed = (version: number, parts: number, name: string): EventChange => ({
  version,
  parts,
  at: AT,
  entity: 'user',
  entity_id: 'u1',
  action: 'updated',
  data: { ...held.users[0], name },
});

function holding(event: Event) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(eventKeys.detail(EVENT_ID), event);
  return {
    queryClient,
    event: () => queryClient.getQueryData<Event>(eventKeys.detail(EVENT_ID)),
  };
}

describe('live changes applied in place', () => {
  afterEach(() => vi.mocked(apiRequest).mockReset());

  it('applies the next version once all its messages came, and asks nothing', () => {
    const device = holding(held);
    applyLiveChange(device.queryClient, EVENT_ID, renamed(4, 2, 'Anna'));
    expect(device.event()?.version).toBe(3);
    applyLiveChange(device.queryClient, EVENT_ID, renamed(4, 2, 'Annie'));
    expect(device.event()?.version).toBe(4);
    expect(device.event()?.users[0]?.name).toBe('Annie');
    // A message of a version held already (its own change, caught up on) changes nothing.
    applyLiveChange(device.queryClient, EVENT_ID, renamed(4, 1, 'Other'));
    expect(device.event()?.users[0]?.name).toBe('Annie');
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it('asks what changed since its version when a message skips one', async () => {
    const device = holding(held);
    vi.mocked(apiRequest).mockResolvedValue({
      version: 5,
      changes: [renamed(4, 1, 'Anna'), renamed(5, 1, 'Annie')],
    });
    applyLiveChange(device.queryClient, EVENT_ID, renamed(5, 1, 'Annie'));
    await vi.waitFor(() => expect(device.event()?.version).toBe(5));
    expect(apiRequest).toHaveBeenCalledWith(`/events/${EVENT_ID}/changes?since=3`);
    expect(device.event()?.users[0]?.name).toBe('Annie');
  });
});
