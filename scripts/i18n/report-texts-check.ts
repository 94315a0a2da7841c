import { PUSH_TEXTS, REPORT_TEXTS } from '@server/language-texts';
import type { Texts } from './locale-texts';
import { checkTextTree } from './text-tree-check';

/**
 * The server writes the PDF statement and push notifications from its own texts
 * (apps/server/src/report/texts/, push/texts/): every language of the web app must have both,
 * whole (text-tree-check.ts), and the statement's category names must be the app's own.
 *
 * @param read the flat texts of a web language (`category.food` → "Food and drink")
 */
export function checkReportTexts(
  languages: readonly string[],
  read: (language: string) => Texts,
): string[] {
  const problems: string[] = [];
  const reports: Record<string, (typeof REPORT_TEXTS)[keyof typeof REPORT_TEXTS]> = REPORT_TEXTS;
  const pushes: Record<string, (typeof PUSH_TEXTS)[keyof typeof PUSH_TEXTS]> = PUSH_TEXTS;
  for (const language of languages) {
    const push = pushes[language];
    if (push) problems.push(...checkTextTree(language, 'the push notification', push));
    else
      problems.push(`${language}: push notifications have no texts (apps/server/src/push/texts/)`);
    const texts = reports[language];
    if (!texts) {
      problems.push(`${language}: the PDF statement has no texts (apps/server/src/report/texts/)`);
      continue;
    }
    problems.push(...checkTextTree(language, 'the PDF statement', texts));
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
