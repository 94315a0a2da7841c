import { REPORT_TEXTS } from '@server/report/report-texts';
import type { Texts } from './locale-texts';

/**
 * The server writes the PDF statement from its own catalogue (`REPORT_TEXTS`): every language of
 * the web app must have one, with no empty text, and its category names must be the app's own.
 *
 * @param read the flat texts of a web language (`category.food` → "Food and drink")
 */
export function checkReportTexts(
  languages: readonly string[],
  read: (language: string) => Texts,
): string[] {
  const problems: string[] = [];
  const catalogue: Record<string, (typeof REPORT_TEXTS)[keyof typeof REPORT_TEXTS]> = REPORT_TEXTS;
  for (const language of languages) {
    const texts = catalogue[language];
    if (!texts) {
      problems.push(
        `${language}: the PDF statement has no texts (apps/server/src/report/report-texts.ts)`,
      );
      continue;
    }
    for (const [key, value] of Object.entries(texts)) {
      if (typeof value === 'string' && value.trim() === '') {
        problems.push(`${language}: the PDF statement's ${key} is empty`);
      }
    }
    const web = read(language);
    for (const [category, name] of Object.entries(texts.category)) {
      if (web.get(`category.${category}`) !== name) {
        problems.push(
          `${language}: the PDF statement calls category.${category} "${name}", the app "${web.get(`category.${category}`)}"`,
        );
      }
    }
  }
  return problems;
}
