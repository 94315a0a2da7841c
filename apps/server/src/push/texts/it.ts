import type { PushTexts } from '../push-texts';

export const pushTexts: PushTexts = {
  numberLocale: 'it',
  someone: 'Qualcuno',
  expense: {
    created: (who, title, amount) => `${who} ha aggiunto «${title}» — ${amount}`,
    updated: (who, title, amount) => `${who} ha modificato «${title}» — ${amount}`,
    restored: (who, title, amount) => `${who} ha ripristinato «${title}» — ${amount}`,
  },
  repeated: (title, amount) => `«${title}» ripetuta — ${amount}`,
  payment: {
    created: (who, payer, payee, amount) =>
      `${who} ha registrato un pagamento: ${payer} ha pagato ${amount} a ${payee}`,
    updated: (who, payer, payee, amount) =>
      `${who} ha modificato un pagamento: ${payer} ha pagato ${amount} a ${payee}`,
    restored: (who, payer, payee, amount) =>
      `${who} ha ripristinato un pagamento: ${payer} ha pagato ${amount} a ${payee}`,
  },
};
