import type { PushTexts } from '../push-texts';

export const pushTexts: PushTexts = {
  numberLocale: 'pl',
  someone: 'Ktoś',
  expense: {
    created: (who, title, amount) => `${who}: dodano „${title}” — ${amount}`,
    updated: (who, title, amount) => `${who}: zmieniono „${title}” — ${amount}`,
    restored: (who, title, amount) => `${who}: przywrócono „${title}” — ${amount}`,
  },
  repeated: (title, amount) => `„${title}” powtórzono — ${amount}`,
  payment: {
    created: (who, payer, payee, amount) =>
      `${who}: dodano płatność ${payer} → ${payee}, ${amount}`,
    updated: (who, payer, payee, amount) =>
      `${who}: zmieniono płatność ${payer} → ${payee}, ${amount}`,
    restored: (who, payer, payee, amount) =>
      `${who}: przywrócono płatność ${payer} → ${payee}, ${amount}`,
  },
};
