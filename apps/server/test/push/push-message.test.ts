import { PUSH_LOCALES } from '@quits/contract';
import { PUSH_TEXTS } from '@server/language-texts';
import { type PushItem, pushItemOf, writeNotification } from '@server/push/push-message';
import { describe, expect, it } from 'vitest';

const EVENT_ID = 'abcdefghijklmnopqrstuv';
const EXPENSE_ID = '6f1c0c8e-6d3b-4a57-9d0e-2f7a3c1b5e42';
const PAYMENT_ID = '0b8f9a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const DECIMALS: Record<string, number> = { EUR: 2, JPY: 0, VND: 0, CNY: 2, BHD: 3 };

const context = (who: string | null) => ({
  eventId: EVENT_ID,
  eventName: 'Lisbon trip',
  who,
  decimalsOf: (currencyId: string) => DECIMALS[currencyId] ?? 2,
});

const taxi: PushItem = {
  kind: 'expense',
  action: 'created',
  id: EXPENSE_ID,
  title: 'Taxi',
  received: false,
  occurrence: false,
  amount: 4000,
  currencyId: 'EUR',
};

const settleUp: PushItem = {
  kind: 'payment',
  action: 'created',
  id: PAYMENT_ID,
  payerName: 'Ben',
  payeeName: 'Chloé',
  amount: 3000,
  currencyId: 'EUR',
};

describe('push notifications', () => {
  it.each([
    ['en', 'Ana added “Taxi” — €40.00'],
    ['de', 'Ana hat „Taxi“ hinzugefügt – 40,00\u00a0€'],
    ['fr', 'Ana a ajouté «\u00a0Taxi\u00a0» — 40,00\u00a0€'],
    ['es', 'Ana añadió «Taxi» — 40,00\u00a0€'],
    ['zh', 'Ana添加了“Taxi”——€40.00'],
    ['vi', 'Ana đã thêm “Taxi” — 40,00\u00a0€'],
    ['it', 'Ana ha aggiunto «Taxi» — 40,00\u00a0€'],
  ] as const)('say in %s who added which expense for how much', (locale, body) => {
    expect(writeNotification(taxi, locale, context('Ana'))).toEqual({
      title: 'Lisbon trip',
      body,
      url: `event/expense/${EVENT_ID}/${EXPENSE_ID}`,
      tag: `expense-${EXPENSE_ID}`,
      event_id: EVENT_ID,
      lang: locale,
    });
  });

  it('write money received with a plus, as the lists show it', () => {
    const refund = { ...taxi, title: 'Deposit back', received: true };
    expect(writeNotification(refund, 'en', context('Ana')).body).toBe(
      'Ana added “Deposit back” — +€40.00',
    );
  });

  it('say a recurring expense repeated when the server made it, and who added it otherwise', () => {
    const rent = { ...taxi, title: 'Rent', occurrence: true };
    expect(writeNotification(rent, 'en', { ...context(null), byServer: true }).body).toBe(
      '“Rent” repeated — €40.00',
    );
    expect(writeNotification(rent, 'en', context('Ana')).body).toBe('Ana added “Rent” — €40.00');
    for (const locale of PUSH_LOCALES) {
      const body = writeNotification(rent, locale, { ...context(null), byServer: true }).body;
      expect(body).toContain('Rent');
      expect(body).toMatch(/40/);
    }
  });

  it('write every action of expenses and payments in every language, naming the amount', () => {
    for (const locale of PUSH_LOCALES) {
      const bodies = new Set<string>();
      for (const action of ['created', 'updated', 'restored'] as const) {
        for (const item of [taxi, settleUp]) {
          const { body } = writeNotification({ ...item, action }, locale, context('Ana'));
          expect(body).toContain('Ana');
          expect(body).toMatch(/40|30/);
          bodies.add(body);
        }
      }
      expect(bodies.size, locale).toBe(6);
    }
  });

  it('name the payer and the payee of a payment, and open the payment', () => {
    const notification = writeNotification(settleUp, 'en', context('Ana'));
    expect(notification).toMatchObject({
      body: 'Ana added a payment: Ben paid Chloé €30.00',
      url: `event/payment/${EVENT_ID}/${PAYMENT_ID}`,
      tag: `payment-${PAYMENT_ID}`,
    });
  });

  it('say “someone” in each language when the device did not say who it is', () => {
    for (const locale of PUSH_LOCALES) {
      const { body } = writeNotification(taxi, locale, context(null));
      // Not always first: Arabic puts the verb before who did it.
      expect(body, locale).toContain(PUSH_TEXTS[locale].someone);
    }
    const payment = { ...settleUp, payerName: null };
    expect(writeNotification(payment, 'de', context(null)).body).toBe(
      'Jemand hat eine Zahlung eingetragen: Jemand an Chloé, 30,00\u00a0€',
    );
  });

  it("write amounts with the currency's own digits", () => {
    const yen: PushItem = { ...taxi, amount: 4000, currencyId: 'JPY' };
    expect(writeNotification(yen, 'en', context('Ana')).body).toBe('Ana added “Taxi” — ¥4,000');
    const dinar: PushItem = { ...taxi, amount: 12_345, currencyId: 'BHD' };
    expect(writeNotification(dinar, 'en', context('Ana')).body).toBe(
      'Ana added “Taxi” — BHD\u00a012.345',
    );
  });

  it('come from new, changed and restored expenses and payments only', () => {
    const after = { id: EXPENSE_ID, title: 'Taxi', amount: 4000, currency_id: 'EUR' };
    const record = { entity: 'expenditure', entityId: EXPENSE_ID, before: null, after } as const;
    expect(pushItemOf({ ...record, action: 'created' })).toEqual(taxi);
    expect(pushItemOf({ ...record, action: 'updated' })).toMatchObject({ action: 'updated' });
    expect(pushItemOf({ ...record, action: 'deleted' })).toBeNull();
    expect(pushItemOf({ ...record, entity: 'user', action: 'created' })).toBeNull();
    expect(pushItemOf({ ...record, entity: 'event', action: 'updated' })).toBeNull();
    const payment = {
      id: PAYMENT_ID,
      payer_name: 'Ben',
      payee_name: 'Chloé',
      amount: 3000,
      currency_id: 'EUR',
    };
    expect(
      pushItemOf({
        entity: 'payment',
        entityId: PAYMENT_ID,
        action: 'created',
        before: null,
        after: payment,
      }),
    ).toEqual(settleUp);
  });
});
