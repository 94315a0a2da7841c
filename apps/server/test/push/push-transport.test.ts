import { randomUUID } from 'node:crypto';
import { PushTransport } from '@server/push/push-transport';
import type { PushRecipient } from '@server/push/subscription-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { type PushEndpoint, startPushEndpoint } from '../support/push-endpoint';
import { makeBrowserKeys } from '../support/web-push-crypto';

describe('the push transport', () => {
  let endpoint: PushEndpoint;
  beforeAll(async () => {
    endpoint = await startPushEndpoint();
  });
  afterAll(async () => {
    await endpoint?.close();
  });

  const recipient = (path: string): PushRecipient => ({
    endpoint: endpoint.url(path),
    ...makeBrowserKeys().json,
    expirationTime: null,
    locale: 'en',
    deviceId: null,
  });

  it('connects to the address it checked, whatever the DNS answers after, and asks it once for many sends', async () => {
    const answers: string[] = [];
    const transport = new PushTransport(
      { ...webPush.generateVAPIDKeys(), subject: 'mailto:ops@quits.example' },
      {
        ...endpoint.transport,
        // 127.0.0.1 first (where the service listens), then an address where nothing does.
        resolve: async () => {
          const address = answers.length === 0 ? '127.0.0.1' : '127.0.0.2';
          answers.push(address);
          return [{ address, family: 4 }];
        },
      },
    );
    try {
      const paths = [`/push/${randomUUID()}`, `/push/${randomUUID()}`, `/push/${randomUUID()}`];
      for (const path of paths) {
        expect(await transport.send(recipient(path), '{}', 'topic')).toBe('sent');
        expect(endpoint.received(path)).toHaveLength(1);
      }
      expect(answers).toEqual(['127.0.0.1']);
    } finally {
      transport.close();
    }
  });

  it('refuses an endpoint of a form the rules refuse without asking the DNS or connecting', async () => {
    let asked = 0;
    const transport = new PushTransport(
      { ...webPush.generateVAPIDKeys(), subject: 'mailto:ops@quits.example' },
      {
        ...endpoint.transport,
        resolve: async () => {
          asked += 1;
          return [{ address: '127.0.0.1', family: 4 }];
        },
      },
    );
    try {
      const stored = { ...recipient('/k'), endpoint: 'https://127.0.0.1;.example.invalid/k' };
      expect(await transport.send(stored, '{}', 'topic')).toBe('refused');
      expect(asked).toBe(0);
    } finally {
      transport.close();
    }
  });
});
