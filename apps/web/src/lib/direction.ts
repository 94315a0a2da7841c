import { directionOf } from '@quits/contract/language-direction';
import { useTranslation } from 'react-i18next';

/** Which way the current language's text runs (`rtl` for Arabic and Hebrew). */
export function useDirection() {
  const { i18n } = useTranslation();
  return directionOf(i18n.language);
}
