import type { PushTexts } from '../push-texts';

export const pushTexts: PushTexts = {
  numberLocale: 'pt-PT',
  someone: 'Alguém',
  expense: {
    created: (who, title, amount) => `${who} adicionou «${title}» — ${amount}`,
    updated: (who, title, amount) => `${who} alterou «${title}» — ${amount}`,
    restored: (who, title, amount) => `${who} restaurou «${title}» — ${amount}`,
  },
  repeated: (title, amount) => `«${title}» repetiu-se — ${amount}`,
  payment: {
    created: (who, payer, payee, amount) =>
      `${who} registou um pagamento: ${payer} pagou ${amount} a ${payee}`,
    updated: (who, payer, payee, amount) =>
      `${who} alterou um pagamento: ${payer} pagou ${amount} a ${payee}`,
    restored: (who, payer, payee, amount) =>
      `${who} restaurou um pagamento: ${payer} pagou ${amount} a ${payee}`,
  },
};
