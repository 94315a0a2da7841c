import type { PushTexts } from '../push-texts';

export const pushTexts: PushTexts = {
  numberLocale: 'vi',
  someone: 'Ai đó',
  expense: {
    created: (who, title, amount) => `${who} đã thêm “${title}” — ${amount}`,
    updated: (who, title, amount) => `${who} đã sửa “${title}” — ${amount}`,
    restored: (who, title, amount) => `${who} đã khôi phục “${title}” — ${amount}`,
  },
  repeated: (title, amount) => `“${title}” lặp lại — ${amount}`,
  payment: {
    created: (who, payer, payee, amount) =>
      `${who} đã thêm một khoản thanh toán: ${payer} trả ${payee} ${amount}`,
    updated: (who, payer, payee, amount) =>
      `${who} đã sửa một khoản thanh toán: ${payer} trả ${payee} ${amount}`,
    restored: (who, payer, payee, amount) =>
      `${who} đã khôi phục một khoản thanh toán: ${payer} trả ${payee} ${amount}`,
  },
};
