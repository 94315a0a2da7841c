import type { PushLocale } from '@quits/contract';

/** The changes that are worth a notification. */
export type PushAction = 'created' | 'updated' | 'restored';

/** What a notification says about an expense: `title` as typed, `amount` already formatted. */
type ExpenseLine = (who: string, title: string, amount: string) => string;
/** What it says about a payment from `payer` to `payee`. */
type PaymentLine = (who: string, payer: string, payee: string, amount: string) => string;

export interface PushTexts {
  /** The Intl locale amounts are written in. */
  numberLocale: string;
  /** Stands for a person whose name the server does not know. */
  someone: string;
  expense: Record<PushAction, ExpenseLine>;
  /** An occurrence of a recurring expense the server made on its date: nobody added it. */
  repeated: (title: string, amount: string) => string;
  payment: Record<PushAction, PaymentLine>;
}

const NBSP = '\u00a0';

/**
 * Every text of a push notification, in each language of the web app. The server writes them
 * because a notification must read well even when the app is not open to translate it.
 */
export const PUSH_TEXTS: Record<PushLocale, PushTexts> = {
  en: {
    numberLocale: 'en',
    someone: 'Someone',
    expense: {
      created: (who, title, amount) => `${who} added “${title}” — ${amount}`,
      updated: (who, title, amount) => `${who} changed “${title}” — ${amount}`,
      restored: (who, title, amount) => `${who} restored “${title}” — ${amount}`,
    },
    repeated: (title, amount) => `“${title}” repeated — ${amount}`,
    payment: {
      created: (who, payer, payee, amount) =>
        `${who} added a payment: ${payer} paid ${payee} ${amount}`,
      updated: (who, payer, payee, amount) =>
        `${who} changed a payment: ${payer} paid ${payee} ${amount}`,
      restored: (who, payer, payee, amount) =>
        `${who} restored a payment: ${payer} paid ${payee} ${amount}`,
    },
  },
  de: {
    numberLocale: 'de',
    someone: 'Jemand',
    expense: {
      created: (who, title, amount) => `${who} hat „${title}“ hinzugefügt – ${amount}`,
      updated: (who, title, amount) => `${who} hat „${title}“ geändert – ${amount}`,
      restored: (who, title, amount) => `${who} hat „${title}“ wiederhergestellt – ${amount}`,
    },
    repeated: (title, amount) => `„${title}“ wiederholt – ${amount}`,
    payment: {
      created: (who, payer, payee, amount) =>
        `${who} hat eine Zahlung eingetragen: ${payer} an ${payee}, ${amount}`,
      updated: (who, payer, payee, amount) =>
        `${who} hat eine Zahlung geändert: ${payer} an ${payee}, ${amount}`,
      restored: (who, payer, payee, amount) =>
        `${who} hat eine Zahlung wiederhergestellt: ${payer} an ${payee}, ${amount}`,
    },
  },
  fr: {
    numberLocale: 'fr',
    someone: 'Quelqu’un',
    expense: {
      created: (who, title, amount) => `${who} a ajouté «${NBSP}${title}${NBSP}» — ${amount}`,
      updated: (who, title, amount) => `${who} a modifié «${NBSP}${title}${NBSP}» — ${amount}`,
      restored: (who, title, amount) => `${who} a restauré «${NBSP}${title}${NBSP}» — ${amount}`,
    },
    repeated: (title, amount) => `«${NBSP}${title}${NBSP}» répétée — ${amount}`,
    payment: {
      created: (who, payer, payee, amount) =>
        `${who} a ajouté un paiement${NBSP}: ${payer} a versé ${amount} à ${payee}`,
      updated: (who, payer, payee, amount) =>
        `${who} a modifié un paiement${NBSP}: ${payer} a versé ${amount} à ${payee}`,
      restored: (who, payer, payee, amount) =>
        `${who} a restauré un paiement${NBSP}: ${payer} a versé ${amount} à ${payee}`,
    },
  },
  es: {
    numberLocale: 'es',
    someone: 'Alguien',
    expense: {
      created: (who, title, amount) => `${who} añadió «${title}» — ${amount}`,
      updated: (who, title, amount) => `${who} modificó «${title}» — ${amount}`,
      restored: (who, title, amount) => `${who} restauró «${title}» — ${amount}`,
    },
    repeated: (title, amount) => `«${title}» repetido — ${amount}`,
    payment: {
      created: (who, payer, payee, amount) =>
        `${who} añadió un pago: ${payer} pagó ${amount} a ${payee}`,
      updated: (who, payer, payee, amount) =>
        `${who} modificó un pago: ${payer} pagó ${amount} a ${payee}`,
      restored: (who, payer, payee, amount) =>
        `${who} restauró un pago: ${payer} pagó ${amount} a ${payee}`,
    },
  },
  zh: {
    numberLocale: 'zh-CN',
    someone: '有人',
    expense: {
      created: (who, title, amount) => `${who}添加了“${title}”——${amount}`,
      updated: (who, title, amount) => `${who}修改了“${title}”——${amount}`,
      restored: (who, title, amount) => `${who}恢复了“${title}”——${amount}`,
    },
    repeated: (title, amount) => `“${title}”已重复——${amount}`,
    payment: {
      created: (who, payer, payee, amount) =>
        `${who}记录了一笔付款：${payer}向${payee}支付了${amount}`,
      updated: (who, payer, payee, amount) =>
        `${who}修改了一笔付款：${payer}向${payee}支付了${amount}`,
      restored: (who, payer, payee, amount) =>
        `${who}恢复了一笔付款：${payer}向${payee}支付了${amount}`,
    },
  },
  vi: {
    numberLocale: 'vi',
    someone: 'Ai đó',
    expense: {
      created: (who, title, amount) => `${who} đã thêm “${title}” — ${amount}`,
      updated: (who, title, amount) => `${who} đã sửa “${title}” — ${amount}`,
      restored: (who, title, amount) => `${who} đã khôi phục “${title}” — ${amount}`,
    },
    repeated: (title, amount) => `“${title}” lặp lại — ${amount}`,
    payment: {
      created: (who, payer, payee, amount) =>
        `${who} đã thêm một khoản thanh toán: ${payer} trả ${payee} ${amount}`,
      updated: (who, payer, payee, amount) =>
        `${who} đã sửa một khoản thanh toán: ${payer} trả ${payee} ${amount}`,
      restored: (who, payer, payee, amount) =>
        `${who} đã khôi phục một khoản thanh toán: ${payer} trả ${payee} ${amount}`,
    },
  },
  it: {
    numberLocale: 'it',
    someone: 'Qualcuno',
    expense: {
      created: (who, title, amount) => `${who} ha aggiunto «${title}» — ${amount}`,
      updated: (who, title, amount) => `${who} ha modificato «${title}» — ${amount}`,
      restored: (who, title, amount) => `${who} ha ripristinato «${title}» — ${amount}`,
    },
    repeated: (title, amount) => `«${title}» ripetuta — ${amount}`,
    payment: {
      created: (who, payer, payee, amount) =>
        `${who} ha registrato un pagamento: ${payer} ha pagato ${amount} a ${payee}`,
      updated: (who, payer, payee, amount) =>
        `${who} ha modificato un pagamento: ${payer} ha pagato ${amount} a ${payee}`,
      restored: (who, payer, payee, amount) =>
        `${who} ha ripristinato un pagamento: ${payer} ha pagato ${amount} a ${payee}`,
    },
  },
};
