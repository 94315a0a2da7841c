import type { PushTexts } from '../push-texts';

export const pushTexts: PushTexts = {
  numberLocale: 'nl',
  someone: 'Iemand',
  expense: {
    created: (who, title, amount) => `${who} heeft ‘${title}’ toegevoegd — ${amount}`,
    updated: (who, title, amount) => `${who} heeft ‘${title}’ gewijzigd — ${amount}`,
    restored: (who, title, amount) => `${who} heeft ‘${title}’ hersteld — ${amount}`,
  },
  repeated: (title, amount) => `‘${title}’ herhaald — ${amount}`,
  payment: {
    created: (who, payer, payee, amount) =>
      `${who} heeft een betaling vastgelegd: ${payer} betaalde ${payee} ${amount}`,
    updated: (who, payer, payee, amount) =>
      `${who} heeft een betaling gewijzigd: ${payer} betaalde ${payee} ${amount}`,
    restored: (who, payer, payee, amount) =>
      `${who} heeft een betaling hersteld: ${payer} betaalde ${payee} ${amount}`,
  },
};
