import type { PushTexts } from '../push-texts';

/** Names and titles are isolated (FSI … PDI) so that a Latin name keeps its place in the line. */
const isolate = (text: string) => `\u2068${text}\u2069`;

export const pushTexts: PushTexts = {
  numberLocale: 'he',
  someone: 'מישהו',
  expense: {
    created: (who, title, amount) => `${isolate(who)} הוסיף/ה את „${isolate(title)}” — ${amount}`,
    updated: (who, title, amount) => `${isolate(who)} שינה/תה את „${isolate(title)}” — ${amount}`,
    restored: (who, title, amount) => `${isolate(who)} שחזר/ה את „${isolate(title)}” — ${amount}`,
  },
  repeated: (title, amount) => `„${isolate(title)}” חזרה — ${amount}`,
  payment: {
    created: (who, payer, payee, amount) =>
      `${isolate(who)} רשם/ה תשלום: ${isolate(payer)} שילם/ה ל־${isolate(payee)} ${amount}`,
    updated: (who, payer, payee, amount) =>
      `${isolate(who)} שינה/תה תשלום: ${isolate(payer)} שילם/ה ל־${isolate(payee)} ${amount}`,
    restored: (who, payer, payee, amount) =>
      `${isolate(who)} שחזר/ה תשלום: ${isolate(payer)} שילם/ה ל־${isolate(payee)} ${amount}`,
  },
};
