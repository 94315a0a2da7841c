import type { PushTexts } from '../push-texts';

export const pushTexts: PushTexts = {
  numberLocale: 'de',
  someone: 'Jemand',
  expense: {
    created: (who, title, amount) => `${who} hat „${title}“ hinzugefügt – ${amount}`,
    updated: (who, title, amount) => `${who} hat „${title}“ geändert – ${amount}`,
    restored: (who, title, amount) => `${who} hat „${title}“ wiederhergestellt – ${amount}`,
  },
  repeated: (title, amount) => `„${title}“ wiederholt – ${amount}`,
  payment: {
    created: (who, payer, payee, amount) =>
      `${who} hat eine Zahlung eingetragen: ${payer} an ${payee}, ${amount}`,
    updated: (who, payer, payee, amount) =>
      `${who} hat eine Zahlung geändert: ${payer} an ${payee}, ${amount}`,
    restored: (who, payer, payee, amount) =>
      `${who} hat eine Zahlung wiederhergestellt: ${payer} an ${payee}, ${amount}`,
  },
};
