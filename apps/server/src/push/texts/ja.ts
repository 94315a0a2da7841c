import type { PushTexts } from '../push-texts';

export const pushTexts: PushTexts = {
  numberLocale: 'ja',
  someone: '誰か',
  expense: {
    created: (who, title, amount) => `${who}が「${title}」を追加しました — ${amount}`,
    updated: (who, title, amount) => `${who}が「${title}」を変更しました — ${amount}`,
    restored: (who, title, amount) => `${who}が「${title}」を復元しました — ${amount}`,
  },
  repeated: (title, amount) => `「${title}」が繰り返されました — ${amount}`,
  payment: {
    created: (who, payer, payee, amount) =>
      `${who}が支払いを記録しました：${payer}が${payee}に${amount}を支払いました`,
    updated: (who, payer, payee, amount) =>
      `${who}が支払いを変更しました：${payer}が${payee}に${amount}を支払いました`,
    restored: (who, payer, payee, amount) =>
      `${who}が支払いを復元しました：${payer}が${payee}に${amount}を支払いました`,
  },
};
