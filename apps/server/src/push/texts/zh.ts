import type { PushTexts } from '../push-texts';

export const pushTexts: PushTexts = {
  numberLocale: 'zh-CN',
  someone: '有人',
  expense: {
    created: (who, title, amount) => `${who}添加了“${title}”——${amount}`,
    updated: (who, title, amount) => `${who}修改了“${title}”——${amount}`,
    restored: (who, title, amount) => `${who}恢复了“${title}”——${amount}`,
  },
  repeated: (title, amount) => `“${title}”已重复——${amount}`,
  payment: {
    created: (who, payer, payee, amount) =>
      `${who}记录了一笔付款：${payer}向${payee}支付了${amount}`,
    updated: (who, payer, payee, amount) =>
      `${who}修改了一笔付款：${payer}向${payee}支付了${amount}`,
    restored: (who, payer, payee, amount) =>
      `${who}恢复了一笔付款：${payer}向${payee}支付了${amount}`,
  },
};
