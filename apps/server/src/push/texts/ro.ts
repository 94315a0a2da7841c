import type { PushTexts } from '../push-texts';

export const pushTexts: PushTexts = {
  numberLocale: 'ro',
  someone: 'Cineva',
  expense: {
    created: (who, title, amount) => `${who} a adăugat „${title}” — ${amount}`,
    updated: (who, title, amount) => `${who} a modificat „${title}” — ${amount}`,
    restored: (who, title, amount) => `${who} a restaurat „${title}” — ${amount}`,
  },
  repeated: (title, amount) => `„${title}” s-a repetat — ${amount}`,
  payment: {
    created: (who, payer, payee, amount) =>
      `${who} a înregistrat o plată: ${payer} i-a plătit lui ${payee} ${amount}`,
    updated: (who, payer, payee, amount) =>
      `${who} a modificat o plată: ${payer} i-a plătit lui ${payee} ${amount}`,
    restored: (who, payer, payee, amount) =>
      `${who} a restaurat o plată: ${payer} i-a plătit lui ${payee} ${amount}`,
  },
};
