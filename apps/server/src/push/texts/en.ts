import type { PushTexts } from '../push-texts';

export const pushTexts: PushTexts = {
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
};
