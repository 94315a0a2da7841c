import type { PushTexts } from '../push-texts';

export const pushTexts: PushTexts = {
  numberLocale: 'nb',
  someone: 'Noen',
  expense: {
    created: (who, title, amount) => `${who} la til «${title}» — ${amount}`,
    updated: (who, title, amount) => `${who} endret «${title}» — ${amount}`,
    restored: (who, title, amount) => `${who} gjenopprettet «${title}» — ${amount}`,
  },
  repeated: (title, amount) => `«${title}» ble gjentatt — ${amount}`,
  payment: {
    created: (who, payer, payee, amount) =>
      `${who} registrerte en betaling: ${payer} betalte ${payee} ${amount}`,
    updated: (who, payer, payee, amount) =>
      `${who} endret en betaling: ${payer} betalte ${payee} ${amount}`,
    restored: (who, payer, payee, amount) =>
      `${who} gjenopprettet en betaling: ${payer} betalte ${payee} ${amount}`,
  },
};
