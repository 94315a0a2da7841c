import type { PushTexts } from '../push-texts';

/** Names and titles are isolated (FSI … PDI) so that a Latin name keeps its place in the line. */
const isolate = (text: string) => `\u2068${text}\u2069`;

export const pushTexts: PushTexts = {
  numberLocale: 'ar-u-nu-latn',
  someone: 'شخص ما',
  expense: {
    created: (who, title, amount) => `أضاف ${isolate(who)} «${isolate(title)}» — ${amount}`,
    updated: (who, title, amount) => `غيّر ${isolate(who)} «${isolate(title)}» — ${amount}`,
    restored: (who, title, amount) => `استعاد ${isolate(who)} «${isolate(title)}» — ${amount}`,
  },
  repeated: (title, amount) => `تكرر «${isolate(title)}» — ${amount}`,
  payment: {
    created: (who, payer, payee, amount) =>
      `سجّل ${isolate(who)} دفعة: ${isolate(payer)} دفع لـ ${isolate(payee)} ${amount}`,
    updated: (who, payer, payee, amount) =>
      `غيّر ${isolate(who)} دفعة: ${isolate(payer)} دفع لـ ${isolate(payee)} ${amount}`,
    restored: (who, payer, payee, amount) =>
      `استعاد ${isolate(who)} دفعة: ${isolate(payer)} دفع لـ ${isolate(payee)} ${amount}`,
  },
};
