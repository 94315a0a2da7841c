import type { Balances, Currency, Event } from '@quits/contract';
import {
  buildRateTable,
  computeBalances,
  computeStatistics,
  type EventStatistics,
  formatAmount,
  type LedgerTotals,
} from '@quits/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { pdfText } from './pdf-text';
import type { ApiClient } from './test-app';

/** What the web app shows of an event: its statistics and its home's totals. */
export interface DeviceFigures {
  event: Event;
  statistics: EventStatistics;
  home: LedgerTotals;
}

/**
 * The statistics and the home's totals as the web app computes them on the device: the domain's
 * functions over the event and the currency list as the API answers them, the event's own
 * currency added to the list as the app adds it.
 */
export async function deviceFigures(api: ApiClient, eventId: string): Promise<DeviceFigures> {
  const read = await api.get<{ data: Event }>(`/api/events/${eventId}`);
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  const list = await api.get<{ data: { data: Currency[] } }>('/api/currencies');
  expect(list.status).toBe(200);
  const event = read.body.data;
  const currencies = list.body.data.data;
  const known = event.currency ? [...currencies, event.currency] : currencies;
  const rates = buildRateTable(event.currency_id, event.currency_rates, known);
  const user_ids = event.users.map((user) => user.id);
  const { expenditures, payments } = event;
  return {
    event,
    statistics: computeStatistics({ user_ids, expenditures, rates }),
    home: computeBalances({ user_ids, expenditures, payments, rates }).totals,
  };
}

/**
 * The statement PDF (in English) shows `spent` and `received` as its totals, and each row of
 * `balances` (paid, share, balance) under the person's name: each figure is written to the
 * minor unit, so the same text is the same amount.
 */
export async function expectStatementShows(
  app: FastifyInstance,
  event: Event,
  figures: { spent: number; received: number; balances: Balances['balances'] },
): Promise<void> {
  const answer = await app.inject({ method: 'GET', url: `/api/events/${event.id}/report?lang=en` });
  expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
  // Cells are apart by one or more spaces in the text; an amount may hold a no-break space.
  const spaced = (text: string) => text.replace(/\s+/g, ' ');
  const text = spaced((await pdfText(answer.rawPayload)).text.join(' '));
  const decimals = event.currency?.decimals ?? 2;
  const money = (minor: number) =>
    spaced(formatAmount(minor, { id: event.currency_id, decimals }, 'en'));
  expect(text).toContain(`Total spent ${money(figures.spent)}`);
  if (figures.received > 0) expect(text).toContain(`Total received ${money(figures.received)}`);
  const name = new Map(event.users.map((user) => [user.id, user.name]));
  for (const row of figures.balances) {
    const line = [row.paid, row.share, row.balance].map(money).join(' ');
    expect(text).toContain(`${name.get(row.user_id)} ${line}`);
  }
}
