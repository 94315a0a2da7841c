import type { Event } from '@quits/contract';
import { categoryName, categoryOf } from '@web/features/categories/category-name';
import { formatDate, formatDateTime } from '@web/lib/locale';
import { currencyDecimals, formatMoney } from '@web/lib/money';
import { useTranslation } from 'react-i18next';
import type { WordingContext } from './refusal-words';

/** How refusals of changes to `event` are worded: its people's names, its currencies. */
export function useWording(event: Event | undefined): WordingContext {
  const { t } = useTranslation();
  return {
    t,
    personName: (userId) => event?.users.find((user) => user.id === userId)?.name ?? null,
    money: (minor, currencyId) =>
      formatMoney(minor, {
        id: currencyId,
        decimals: event ? currencyDecimals(event, currencyId) : 2,
      }),
    date: formatDate,
    moment: formatDateTime,
    category: (category) => categoryName(t, categoryOf(category)),
  };
}
