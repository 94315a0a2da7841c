import type { PushTexts } from '../push-texts';

export const pushTexts: PushTexts = {
  numberLocale: 'da',
  someone: 'Nogen',
  expense: {
    created: (who, title, amount) => `${who} tilføjede »${title}« — ${amount}`,
    updated: (who, title, amount) => `${who} ændrede »${title}« — ${amount}`,
    restored: (who, title, amount) => `${who} gendannede »${title}« — ${amount}`,
  },
  repeated: (title, amount) => `»${title}« blev gentaget — ${amount}`,
  payment: {
    created: (who, payer, payee, amount) =>
      `${who} registrerede en betaling: ${payer} betalte ${payee} ${amount}`,
    updated: (who, payer, payee, amount) =>
      `${who} ændrede en betaling: ${payer} betalte ${payee} ${amount}`,
    restored: (who, payer, payee, amount) =>
      `${who} gendannede en betaling: ${payer} betalte ${payee} ${amount}`,
  },
};
