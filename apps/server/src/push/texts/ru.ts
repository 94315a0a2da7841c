import type { PushTexts } from '../push-texts';

export const pushTexts: PushTexts = {
  numberLocale: 'ru',
  someone: 'Кто-то',
  expense: {
    created: (who, title, amount) => `${who} добавил(а) «${title}» — ${amount}`,
    updated: (who, title, amount) => `${who} изменил(а) «${title}» — ${amount}`,
    restored: (who, title, amount) => `${who} восстановил(а) «${title}» — ${amount}`,
  },
  repeated: (title, amount) => `«${title}» повторён — ${amount}`,
  payment: {
    created: (who, payer, payee, amount) =>
      `${who} записал(а) платёж: ${payer} → ${payee}, ${amount}`,
    updated: (who, payer, payee, amount) =>
      `${who} изменил(а) платёж: ${payer} → ${payee}, ${amount}`,
    restored: (who, payer, payee, amount) =>
      `${who} восстановил(а) платёж: ${payer} → ${payee}, ${amount}`,
  },
};
