import type { PushTexts } from '../push-texts';

export const pushTexts: PushTexts = {
  numberLocale: 'uk',
  someone: 'Хтось',
  expense: {
    created: (who, title, amount) => `${who} додав(ла) «${title}» — ${amount}`,
    updated: (who, title, amount) => `${who} змінив(ла) «${title}» — ${amount}`,
    restored: (who, title, amount) => `${who} відновив(ла) «${title}» — ${amount}`,
  },
  repeated: (title, amount) => `«${title}» повторено — ${amount}`,
  payment: {
    created: (who, payer, payee, amount) =>
      `${who} записав(ла) платіж: ${payer} → ${payee}, ${amount}`,
    updated: (who, payer, payee, amount) =>
      `${who} змінив(ла) платіж: ${payer} → ${payee}, ${amount}`,
    restored: (who, payer, payee, amount) =>
      `${who} відновив(ла) платіж: ${payer} → ${payee}, ${amount}`,
  },
};
