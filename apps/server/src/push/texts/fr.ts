import type { PushTexts } from '../push-texts';

const NBSP = '\u00a0';

export const pushTexts: PushTexts = {
  numberLocale: 'fr',
  someone: 'Quelqu’un',
  expense: {
    created: (who, title, amount) => `${who} a ajouté «${NBSP}${title}${NBSP}» — ${amount}`,
    updated: (who, title, amount) => `${who} a modifié «${NBSP}${title}${NBSP}» — ${amount}`,
    restored: (who, title, amount) => `${who} a restauré «${NBSP}${title}${NBSP}» — ${amount}`,
  },
  repeated: (title, amount) => `«${NBSP}${title}${NBSP}» répétée — ${amount}`,
  payment: {
    created: (who, payer, payee, amount) =>
      `${who} a ajouté un paiement${NBSP}: ${payer} a versé ${amount} à ${payee}`,
    updated: (who, payer, payee, amount) =>
      `${who} a modifié un paiement${NBSP}: ${payer} a versé ${amount} à ${payee}`,
    restored: (who, payer, payee, amount) =>
      `${who} a restauré un paiement${NBSP}: ${payer} a versé ${amount} à ${payee}`,
  },
};
