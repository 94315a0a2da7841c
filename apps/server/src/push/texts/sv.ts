import type { PushTexts } from '../push-texts';

export const pushTexts: PushTexts = {
  numberLocale: 'sv',
  someone: 'Någon',
  expense: {
    created: (who, title, amount) => `${who} lade till ”${title}” — ${amount}`,
    updated: (who, title, amount) => `${who} ändrade ”${title}” — ${amount}`,
    restored: (who, title, amount) => `${who} återställde ”${title}” — ${amount}`,
  },
  repeated: (title, amount) => `”${title}” upprepades — ${amount}`,
  payment: {
    created: (who, payer, payee, amount) =>
      `${who} registrerade en betalning: ${payer} betalade ${payee} ${amount}`,
    updated: (who, payer, payee, amount) =>
      `${who} ändrade en betalning: ${payer} betalade ${payee} ${amount}`,
    restored: (who, payer, payee, amount) =>
      `${who} återställde en betalning: ${payer} betalade ${payee} ${amount}`,
  },
};
