import { MESSAGE_CODES, SERVER_MESSAGES } from '@quits/contract';
import type { Texts } from './locale-texts';

/** The `{{placeholders}}` of a text, sorted. */
function placeholders(text: string): string {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)]
    .map((match) => match[1])
    .sort()
    .join(', ');
}

/**
 * The app words every message of the server's catalogue (packages/contract/src/server-messages.ts):
 * English must have `serverMessage.{code}` (or its plural forms) for every code, filled by the
 * same parameters the server sends. The other languages are held to English by `checkLanguage`.
 *
 * @param english the flat English texts (`serverMessage.name_taken` → "There is already…")
 */
export function checkServerMessages(english: Texts): string[] {
  const problems: string[] = [];
  for (const code of MESSAGE_CODES) {
    const key = `serverMessage.${code}`;
    const forms = [key, `${key}_one`, `${key}_other`].filter((form) => english.has(form));
    if (forms.length === 0) {
      problems.push(`en: ${key} is missing: the server answers this message by its code`);
      continue;
    }
    const wanted = placeholders(SERVER_MESSAGES[code]);
    for (const form of forms) {
      const found = placeholders(String(english.get(form)));
      if (found !== wanted) {
        problems.push(`en: ${form} is filled by {${found}}, the server sends {${wanted}}`);
      }
    }
  }
  return problems;
}
