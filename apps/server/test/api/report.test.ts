import type { Event } from '@quits/contract';
import { attachment } from '@server/http/content-disposition';
import { describe, expect, it } from 'vitest';
import { createEvent, expenseBody, paymentBody, personId } from '../support/fixtures';
import { pdfText } from '../support/pdf-text';
import { type ApiClient, apiClient, DATABASES, useTestApp } from '../support/test-app';

async function post(api: ApiClient, event: Event, path: string, body: unknown): Promise<void> {
  const answer = await api.post(`/api/event/${event.id}/${path}`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

describe.each(DATABASES)('the statement of an event on %s', (kind) => {
  const started = useTestApp(kind);
  const fetchReport = (eventId: string, query = '') =>
    started().app.inject({ method: 'GET', url: `/api/events/${eventId}/report${query}` });

  /** Ana paid 90.00 € for three, Ben 30.00 € for three, then Chloé paid Ana 10.00 €. */
  async function tripEvent(api: ApiClient, names = ['Ana', 'Ben', 'Chloé'], name = 'Lisbon trip') {
    const event = await createEvent(api, names, { name });
    const [ana, ben, chloe] = names.map((person) => personId(event, person)) as [
      string,
      string,
      string,
    ];
    const all = [ana, ben, chloe];
    await post(api, event, 'expenditure', {
      ...expenseBody({
        payer: ana,
        among: all,
        amount: 9000,
        title: names[0] === 'Ana' ? 'Dinner' : '晚餐',
      }),
      date: '2026-11-20',
      category: 'food',
    });
    await post(api, event, 'expenditure', {
      ...expenseBody({ payer: ben, among: all, amount: 3000, title: 'Taxi' }),
      date: '2026-11-22',
      category: 'transport',
    });
    await post(api, event, 'payments', paymentBody({ from: chloe, to: ana, amount: 1000 }));
    return event;
  }

  it('is a PDF download whose text holds the totals, balances and every entry', async () => {
    const api = apiClient(started().app);
    const event = await tripEvent(api);
    const answer = await fetchReport(event.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(attachment('Lisbon trip', 'pdf'));
    const { pages, text } = await pdfText(answer.rawPayload);
    const all = text.join(' ');
    expect(all).toContain('Lisbon trip — Statement');
    expect(all).toContain('€120.00'); // total spent
    expect(all).toContain('€10.00'); // paid back
    expect(all).toContain('€40.00'); // Ana is owed 90 − 40 − 10
    expect(all).toContain('Dinner');
    expect(all).toContain('Taxi');
    expect(all).toContain('Payment from Chloé to Ana');
    expect(all).toContain('Food and drink');
    // The event's name and the page number on every page.
    for (const [index, page] of text.entries()) {
      expect(page).toContain('Lisbon trip');
      expect(page).toContain(`Page ${index + 1} of ${pages}`);
    }
  });

  it('lists only the date range asked, with the balances of today', async () => {
    const api = apiClient(started().app);
    const event = await tripEvent(api);
    const answer = await fetchReport(event.id, '?from=2026-11-21&to=2026-11-22&lang=de');
    expect(answer.statusCode).toBe(200);
    const all = (await pdfText(answer.rawPayload)).text.join(' ');
    expect(all).toContain('Taxi');
    expect(all).not.toContain('Dinner');
    expect(all).toContain('Abrechnung');
    expect(all).toContain('30,00 €'); // spent in the range
    expect(all).toContain('40,00 €'); // Ana's balance today
    expect(all).toMatch(/Seite 1 von \d/);
  });

  it('writes a Chinese event in Chinese, and Vietnamese in Vietnamese', async () => {
    const api = apiClient(started().app);
    const event = await tripEvent(api, ['小明', '小红', '阿强'], '东京之旅');
    const chinese = await fetchReport(event.id, '?lang=zh');
    expect(chinese.statusCode).toBe(200);
    const text = (await pdfText(chinese.rawPayload)).text.join(' ');
    expect(text).toContain('东京之旅');
    expect(text).toContain('晚餐');
    expect(text).toContain('小明');
    expect(text).toContain('总支出');
    expect(text).toContain('餐饮');
    const vietnamese = await fetchReport(event.id, '?lang=vi');
    expect((await pdfText(vietnamese.rawPayload)).text.join(' ')).toContain('Số dư hôm nay');
  });

  it('writes Korean names in a font that has them, and an Arabic statement in English', async () => {
    const api = apiClient(started().app);
    const event = await tripEvent(api, ['민준', '서연', 'Ana'], '부산 여행');
    const korean = (await pdfText((await fetchReport(event.id, '?lang=ko')).rawPayload)).text;
    expect(korean.join(' ')).toContain('부산 여행');
    expect(korean.join(' ')).toContain('민준');
    // pdfkit cannot lay out a line mixing right-to-left text with Latin names and digits.
    const arabic = await fetchReport(event.id, '?lang=ar');
    expect(arabic.statusCode).toBe(200);
    expect((await pdfText(arabic.rawPayload)).text.join(' ')).toContain('Balances today');
  });

  it('refuses a bad language or range with a 422 and an unknown event with a 404', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    for (const query of [
      '?lang=xx',
      '?from=2026-13-01',
      '?from=2026-11-22&to=2026-11-01',
      '?to=yesterday',
    ]) {
      const answer = await fetchReport(event.id, query);
      expect(answer.statusCode, query).toBe(422);
      expect(answer.json()).toHaveProperty('message');
    }
    expect((await fetchReport('AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await fetchReport('not an id')).statusCode).toBe(422);
  });

  it('makes a statement of an event without entries', async () => {
    const api = apiClient(started().app);
    const event = await createEvent(api);
    const answer = await fetchReport(event.id, '?lang=fr');
    expect(answer.statusCode).toBe(200);
    const all = (await pdfText(answer.rawPayload)).text.join(' ');
    expect(all).toContain('Tout le monde est quitte.');
    expect(all).toContain('Aucune dépense ni aucun paiement sur cette période.');
  });
});
