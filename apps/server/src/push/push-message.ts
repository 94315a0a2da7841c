import type { PushLocale, PushNotification } from '@quits/contract';
import type { ActivityRecord } from '@server/events/activity';
import { z } from 'zod';
import { PUSH_TEXTS } from '../language-texts';
import type { PushAction } from './push-texts';

/** An expense or payment that changed in a way worth telling the other devices about. */
export type PushItem =
  | {
      kind: 'expense';
      action: PushAction;
      id: string;
      title: string;
      /** Money the group received: its amount reads "+€30.00", as in the app's lists. */
      received: boolean;
      /** An occurrence of a recurring expense (see `NotificationContext.byServer`). */
      occurrence?: boolean;
      /** Minor units of `currencyId`. */
      amount: number;
      currencyId: string;
    }
  | {
      kind: 'payment';
      action: PushAction;
      id: string;
      payerName: string | null;
      payeeName: string | null;
      /** Minor units of `currencyId`. */
      amount: number;
      currencyId: string;
    };

const isPushAction = (action: string): action is PushAction =>
  action === 'created' || action === 'updated' || action === 'restored';

// The activity's `after` is the entity as the API shows it; only these fields are read.
const expenseAfter = z.object({
  id: z.string(),
  kind: z.string().optional(),
  recurrence_id: z.string().nullable().optional(),
  title: z.string(),
  amount: z.number(),
  currency_id: z.string(),
});
const paymentAfter = z.object({
  id: z.string(),
  payer_name: z.string().nullable(),
  payee_name: z.string().nullable(),
  amount: z.number(),
  currency_id: z.string(),
});

/** The notification-worthy part of a history record, or null (deletes, people, the event). */
export function pushItemOf(record: ActivityRecord): PushItem | null {
  const { action } = record;
  if (!isPushAction(action)) return null;
  if (record.entity === 'expenditure') {
    const after = expenseAfter.safeParse(record.after);
    if (!after.success) return null;
    const { id, kind, title, amount, currency_id, recurrence_id } = after.data;
    const received = kind === 'income';
    const occurrence = Boolean(recurrence_id);
    return {
      kind: 'expense',
      action,
      id,
      title,
      received,
      occurrence,
      amount,
      currencyId: currency_id,
    };
  }
  if (record.entity === 'payment') {
    const after = paymentAfter.safeParse(record.after);
    if (!after.success) return null;
    const { id, payer_name, payee_name, amount, currency_id } = after.data;
    return {
      kind: 'payment',
      action,
      id,
      payerName: payer_name,
      payeeName: payee_name,
      amount,
      currencyId: currency_id,
    };
  }
  return null;
}

export interface NotificationContext {
  eventId: string;
  eventName: string;
  /** The name of the person who made the change, when their device said who they are. */
  who: string | null;
  /** The server made the change itself (a recurring expense's occurrence on its date). */
  byServer?: boolean;
  /** Digits after the decimal point of a currency (2 for EUR, 0 for JPY). */
  decimalsOf(currencyId: string): number;
}

/** The notification about `item`, written in `locale`. */
export function writeNotification(
  item: PushItem,
  locale: PushLocale,
  context: NotificationContext,
): PushNotification {
  const texts = PUSH_TEXTS[locale];
  const who = context.who ?? texts.someone;
  const amount = formatAmount(
    item.amount,
    item.currencyId,
    context.decimalsOf(item.currencyId),
    texts.numberLocale,
  );
  const shown = item.kind === 'expense' && item.received ? `+${amount}` : amount;
  const repeated =
    item.kind === 'expense' && item.occurrence && item.action === 'created' && context.byServer;
  const body =
    item.kind === 'expense'
      ? repeated
        ? texts.repeated(item.title, shown)
        : texts.expense[item.action](who, item.title, shown)
      : texts.payment[item.action](
          who,
          item.payerName ?? texts.someone,
          item.payeeName ?? texts.someone,
          amount,
        );
  return {
    title: context.eventName,
    body,
    // Relative to the app's address (its scope), so that it holds under any BASE_PATH.
    url: `event/${item.kind}/${context.eventId}/${item.id}`,
    tag: `${item.kind}-${item.id}`,
    event_id: context.eventId,
    lang: locale,
  };
}

/** `minor` units of the currency, written as the locale writes money ("€40.00", "40,00 €"). */
export function formatAmount(
  minor: number,
  currencyId: string,
  decimals: number,
  numberLocale: string,
): string {
  const format = new Intl.NumberFormat(numberLocale, {
    style: 'currency',
    currency: currencyId,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return format.format(minor / 10 ** decimals);
}
