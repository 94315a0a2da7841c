import type { PushTexts } from '../push-texts';

export const pushTexts: PushTexts = {
  numberLocale: 'fi',
  someone: 'Joku',
  expense: {
    created: (who, title, amount) => `${who} lisäsi kulun ”${title}” — ${amount}`,
    updated: (who, title, amount) => `${who} muutti kulua ”${title}” — ${amount}`,
    restored: (who, title, amount) => `${who} palautti kulun ”${title}” — ${amount}`,
  },
  repeated: (title, amount) => `”${title}” toistui — ${amount}`,
  payment: {
    created: (who, payer, payee, amount) => `${who} lisäsi maksun: ${payer} → ${payee}, ${amount}`,
    updated: (who, payer, payee, amount) => `${who} muutti maksua: ${payer} → ${payee}, ${amount}`,
    restored: (who, payer, payee, amount) =>
      `${who} palautti maksun: ${payer} → ${payee}, ${amount}`,
  },
};
