import type { PushTexts } from '../push-texts';

export const pushTexts: PushTexts = {
  numberLocale: 'ko',
  someone: '누군가',
  expense: {
    created: (who, title, amount) => `${who}(이)가 “${title}”을(를) 추가했습니다 — ${amount}`,
    updated: (who, title, amount) => `${who}(이)가 “${title}”을(를) 수정했습니다 — ${amount}`,
    restored: (who, title, amount) => `${who}(이)가 “${title}”을(를) 복원했습니다 — ${amount}`,
  },
  repeated: (title, amount) => `“${title}” 반복됨 — ${amount}`,
  payment: {
    created: (who, payer, payee, amount) =>
      `${who}(이)가 송금을 기록했습니다: ${payer} → ${payee} ${amount}`,
    updated: (who, payer, payee, amount) =>
      `${who}(이)가 송금을 수정했습니다: ${payer} → ${payee} ${amount}`,
    restored: (who, payer, payee, amount) =>
      `${who}(이)가 송금을 복원했습니다: ${payer} → ${payee} ${amount}`,
  },
};
