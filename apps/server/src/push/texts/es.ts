import type { PushTexts } from '../push-texts';

export const pushTexts: PushTexts = {
  numberLocale: 'es',
  someone: 'Alguien',
  expense: {
    created: (who, title, amount) => `${who} añadió «${title}» — ${amount}`,
    updated: (who, title, amount) => `${who} modificó «${title}» — ${amount}`,
    restored: (who, title, amount) => `${who} restauró «${title}» — ${amount}`,
  },
  repeated: (title, amount) => `«${title}» repetido — ${amount}`,
  payment: {
    created: (who, payer, payee, amount) =>
      `${who} añadió un pago: ${payer} pagó ${amount} a ${payee}`,
    updated: (who, payer, payee, amount) =>
      `${who} modificó un pago: ${payer} pagó ${amount} a ${payee}`,
    restored: (who, payer, payee, amount) =>
      `${who} restauró un pago: ${payer} pagó ${amount} a ${payee}`,
  },
};
