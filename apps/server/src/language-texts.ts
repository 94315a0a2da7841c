import type { Language } from '@quits/contract';
import type { PushTexts } from './push/push-texts';
import { pushTexts as pushAr } from './push/texts/ar';
import { pushTexts as pushCs } from './push/texts/cs';
import { pushTexts as pushDa } from './push/texts/da';
import { pushTexts as pushDe } from './push/texts/de';
import { pushTexts as pushEl } from './push/texts/el';
import { pushTexts as pushEn } from './push/texts/en';
import { pushTexts as pushEs } from './push/texts/es';
import { pushTexts as pushFi } from './push/texts/fi';
import { pushTexts as pushFr } from './push/texts/fr';
import { pushTexts as pushHe } from './push/texts/he';
import { pushTexts as pushIt } from './push/texts/it';
import { pushTexts as pushJa } from './push/texts/ja';
import { pushTexts as pushKo } from './push/texts/ko';
import { pushTexts as pushNb } from './push/texts/nb';
import { pushTexts as pushNl } from './push/texts/nl';
import { pushTexts as pushPl } from './push/texts/pl';
import { pushTexts as pushPtBr } from './push/texts/pt-BR';
import { pushTexts as pushPtPt } from './push/texts/pt-PT';
import { pushTexts as pushRo } from './push/texts/ro';
import { pushTexts as pushRu } from './push/texts/ru';
import { pushTexts as pushSv } from './push/texts/sv';
import { pushTexts as pushTr } from './push/texts/tr';
import { pushTexts as pushUk } from './push/texts/uk';
import { pushTexts as pushVi } from './push/texts/vi';
import { pushTexts as pushZh } from './push/texts/zh';
import type { ReportTexts } from './report/report-texts';
import { reportTexts as reportAr } from './report/texts/ar';
import { reportTexts as reportCs } from './report/texts/cs';
import { reportTexts as reportDa } from './report/texts/da';
import { reportTexts as reportDe } from './report/texts/de';
import { reportTexts as reportEl } from './report/texts/el';
import { reportTexts as reportEn } from './report/texts/en';
import { reportTexts as reportEs } from './report/texts/es';
import { reportTexts as reportFi } from './report/texts/fi';
import { reportTexts as reportFr } from './report/texts/fr';
import { reportTexts as reportHe } from './report/texts/he';
import { reportTexts as reportIt } from './report/texts/it';
import { reportTexts as reportJa } from './report/texts/ja';
import { reportTexts as reportKo } from './report/texts/ko';
import { reportTexts as reportNb } from './report/texts/nb';
import { reportTexts as reportNl } from './report/texts/nl';
import { reportTexts as reportPl } from './report/texts/pl';
import { reportTexts as reportPtBr } from './report/texts/pt-BR';
import { reportTexts as reportPtPt } from './report/texts/pt-PT';
import { reportTexts as reportRo } from './report/texts/ro';
import { reportTexts as reportRu } from './report/texts/ru';
import { reportTexts as reportSv } from './report/texts/sv';
import { reportTexts as reportTr } from './report/texts/tr';
import { reportTexts as reportUk } from './report/texts/uk';
import { reportTexts as reportVi } from './report/texts/vi';
import { reportTexts as reportZh } from './report/texts/zh';

/**
 * The server's own texts in each language Quits speaks (LANGUAGE_CODES, @quits/contract), one
 * file per language: `report/texts/{code}.ts` (the PDF statement) and `push/texts/{code}.ts`
 * (push notifications). The server writes them because the PDF and a notification are made
 * without the app; `npm run check:i18n` checks every language has them whole.
 */
export const REPORT_TEXTS: Record<Language, ReportTexts> = {
  en: reportEn,
  de: reportDe,
  fr: reportFr,
  es: reportEs,
  zh: reportZh,
  vi: reportVi,
  it: reportIt,
  'pt-BR': reportPtBr,
  'pt-PT': reportPtPt,
  nl: reportNl,
  sv: reportSv,
  da: reportDa,
  nb: reportNb,
  pl: reportPl,
  cs: reportCs,
  uk: reportUk,
  ru: reportRu,
  ro: reportRo,
  el: reportEl,
  ja: reportJa,
  ko: reportKo,
  tr: reportTr,
  fi: reportFi,
  ar: reportAr,
  he: reportHe,
};

export const PUSH_TEXTS: Record<Language, PushTexts> = {
  en: pushEn,
  de: pushDe,
  fr: pushFr,
  es: pushEs,
  zh: pushZh,
  vi: pushVi,
  it: pushIt,
  'pt-BR': pushPtBr,
  'pt-PT': pushPtPt,
  nl: pushNl,
  sv: pushSv,
  da: pushDa,
  nb: pushNb,
  pl: pushPl,
  cs: pushCs,
  uk: pushUk,
  ru: pushRu,
  ro: pushRo,
  el: pushEl,
  ja: pushJa,
  ko: pushKo,
  tr: pushTr,
  fi: pushFi,
  ar: pushAr,
  he: pushHe,
};
