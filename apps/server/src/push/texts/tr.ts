import type { PushTexts } from '../push-texts';

export const pushTexts: PushTexts = {
  numberLocale: 'tr',
  someone: 'Biri',
  expense: {
    created: (who, title, amount) => `${who} “${title}” harcamasını ekledi — ${amount}`,
    updated: (who, title, amount) => `${who} “${title}” harcamasını değiştirdi — ${amount}`,
    restored: (who, title, amount) => `${who} “${title}” harcamasını geri yükledi — ${amount}`,
  },
  repeated: (title, amount) => `“${title}” yinelendi — ${amount}`,
  payment: {
    created: (who, payer, payee, amount) =>
      `${who} bir ödeme ekledi: ${payer} → ${payee}, ${amount}`,
    updated: (who, payer, payee, amount) =>
      `${who} bir ödemeyi değiştirdi: ${payer} → ${payee}, ${amount}`,
    restored: (who, payer, payee, amount) =>
      `${who} bir ödemeyi geri yükledi: ${payer} → ${payee}, ${amount}`,
  },
};
