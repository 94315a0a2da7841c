import type { PushTexts } from '../push-texts';

export const pushTexts: PushTexts = {
  numberLocale: 'el',
  someone: 'Κάποιος',
  expense: {
    created: (who, title, amount) => `${who} πρόσθεσε «${title}» — ${amount}`,
    updated: (who, title, amount) => `${who} άλλαξε «${title}» — ${amount}`,
    restored: (who, title, amount) => `${who} επανέφερε «${title}» — ${amount}`,
  },
  repeated: (title, amount) => `Το «${title}» επαναλήφθηκε — ${amount}`,
  payment: {
    created: (who, payer, payee, amount) =>
      `${who} καταχώρισε πληρωμή: ${payer} → ${payee}, ${amount}`,
    updated: (who, payer, payee, amount) => `${who} άλλαξε πληρωμή: ${payer} → ${payee}, ${amount}`,
    restored: (who, payer, payee, amount) =>
      `${who} επανέφερε πληρωμή: ${payer} → ${payee}, ${amount}`,
  },
};
