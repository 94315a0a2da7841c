import type { PushTexts } from '../push-texts';

export const pushTexts: PushTexts = {
  numberLocale: 'cs',
  someone: 'Někdo',
  expense: {
    created: (who, title, amount) => `${who} přidal(a) „${title}“ — ${amount}`,
    updated: (who, title, amount) => `${who} změnil(a) „${title}“ — ${amount}`,
    restored: (who, title, amount) => `${who} obnovil(a) „${title}“ — ${amount}`,
  },
  repeated: (title, amount) => `„${title}“ se zopakoval — ${amount}`,
  payment: {
    created: (who, payer, payee, amount) =>
      `${who} zaznamenal(a) platbu: ${payer} → ${payee}, ${amount}`,
    updated: (who, payer, payee, amount) =>
      `${who} změnil(a) platbu: ${payer} → ${payee}, ${amount}`,
    restored: (who, payer, payee, amount) =>
      `${who} obnovil(a) platbu: ${payer} → ${payee}, ${amount}`,
  },
};
