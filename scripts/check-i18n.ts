// Fails when the web app's texts are not all translated: a language without its file, a key
// missing or empty in a language, a plural form a language needs left out (Arabic has six), an
// interpolation variable that differs from English, a key nobody uses, a key the code asks for
// that English lacks, a raw user-visible string in a component, or the server's own texts of a
// language (statement, notifications) missing, empty or leaving out a value. Run with `npx tsx scripts/check-i18n.ts`; `npm test` runs it first.
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_ENTITIES,
  CATEGORIES,
  EXPENSE_KINDS,
  IMPORT_SOURCES,
  LANGUAGE_CODES,
  MESSAGE_CODES,
  PAYMENT_DETAIL_FIELDS,
  REPEAT_FREQUENCIES,
  SPLIT_MODES,
} from '@quits/contract';
import { COPY_SERVICES, LINK_SERVICES } from '@quits/domain';
import { checkLanguage, pluralBase, readTexts } from './i18n/locale-texts';
import { checkReportTexts } from './i18n/report-texts-check';
import { checkServerMessages } from './i18n/server-messages-check';
import { type SourceFindings, scanSources } from './i18n/source-scan';

/** A regular expression group matching exactly one of `words`. */
function oneOf(words: readonly string[]): string {
  return `(${words.join('|')})`;
}

/**
 * Keys the code builds at run time, by the fixed start of the key and the shape of the rest.
 * A `t(`…${x}`)` whose start is not listed here fails the check, so the list stays complete;
 * every key a listed pattern matches counts as used.
 */
export const DYNAMIC_KEYS: readonly { prefix: string; rest: RegExp }[] = [
  // events/components/activity-list.tsx: activity.{entity}_{action}; also the keys that
  // realtime/live-updates.tsx maps broadcast names to (ExpenseCreated → activity.expenditure_created).
  {
    prefix: 'activity.',
    rest: new RegExp(`^${oneOf(ACTIVITY_ENTITIES)}_${oneOf(ACTIVITY_ACTIONS)}$`),
  },
  // categories/category-name.ts: category.{category}
  { prefix: 'category.', rest: new RegExp(`^${oneOf(CATEGORIES)}$`) },
  // expenses/components/split-field.tsx: expense.mode.{mode} and expense.weight.{mode}
  { prefix: 'expense.mode.', rest: new RegExp(`^${oneOf(SPLIT_MODES)}$`) },
  // expenses/components/expense-kind-field.tsx and history/entry-changes.ts: expense.kind.{kind}
  { prefix: 'expense.kind.', rest: new RegExp(`^${oneOf(EXPENSE_KINDS)}$`) },
  // recurring/components/repeat-field.tsx, recurring-page.tsx and history/entry-changes.ts:
  // recurring.frequency.{frequency}, recurring.endsOption.{never|date|count}
  { prefix: 'recurring.frequency.', rest: new RegExp(`^${oneOf(REPEAT_FREQUENCIES)}$`) },
  { prefix: 'recurring.endsOption.', rest: /^(never|date|count)$/ },
  { prefix: 'expense.weight.', rest: new RegExp(`^${oneOf(SPLIT_MODES)}$`) },
  // expenses/components/expense-form-page.tsx: expense.problem.{problem}, the domain's split
  // error codes (SplitError['code']), the draft's own "left" and "period"; validation.{required|number}.
  {
    prefix: 'expense.problem.',
    rest: /^(no-people|invalid-weight|no-weight|percent-total|exact-total|left|period)$/,
  },
  { prefix: 'validation.', rest: /^(required|number)$/ },
  // apps/web/build/web-app-manifest.ts writes one web app manifest per language from these at
  // build time.
  { prefix: 'manifest.', rest: /^(name|description)$/ },
  // balances/components/pay-options.tsx: pay.service.{service}; people/components/payment-
  // details-*.tsx: paymentDetails.field.{field} and paymentDetails.invalid.{iban|bic}.
  { prefix: 'pay.service.', rest: new RegExp(`^${oneOf([...LINK_SERVICES, ...COPY_SERVICES])}$`) },
  { prefix: 'paymentDetails.field.', rest: new RegExp(`^${oneOf(PAYMENT_DETAIL_FIELDS)}$`) },
  { prefix: 'paymentDetails.invalid.', rest: /^(iban|bic)$/ },
  // transfer/components/import-formats-list.tsx: transfer.format.{source}.{carries|leaves}.
  {
    prefix: 'transfer.format.',
    rest: new RegExp(`^${oneOf(IMPORT_SOURCES)}\\.(carries|leaves)$`),
  },
  // lib/server-words.ts: serverMessage.{code}, the codes of the server's answers.
  { prefix: 'serverMessage.', rest: new RegExp(`^${oneOf(MESSAGE_CODES)}$`) },
];

export interface CheckOptions {
  /** The folder of `en.json`, `de.json`…: every JSON file in it is a language. */
  localesDir: string;
  /**
   * The languages Quits speaks (@quits/contract's LANGUAGE_CODES, as the real run gives): each
   * must have its file, and a file of any other language is a mistake. Without it, the files
   * found are the languages.
   */
  languages?: readonly string[];
  /** The web sources: `.ts` and `.tsx` files are searched for keys, `.tsx` for raw strings. */
  sourceDir: string;
  dynamicKeys?: typeof DYNAMIC_KEYS;
  /** Also hold the server's PDF statement texts to these languages (the real run does). */
  serverTexts?: boolean;
}

function isUsed(key: string, findings: SourceFindings, dynamicKeys: typeof DYNAMIC_KEYS): boolean {
  const keys = [key, pluralBase(key)].filter((candidate) => candidate !== null);
  return keys.some(
    (candidate) =>
      findings.literals.has(candidate) ||
      dynamicKeys.some(
        (dynamic) =>
          candidate.startsWith(dynamic.prefix) &&
          dynamic.rest.test(candidate.slice(dynamic.prefix.length)),
      ),
  );
}

/** Every problem found, one line each; empty when the texts are complete. */
export function checkI18n(options: CheckOptions): string[] {
  const dynamicKeys = options.dynamicKeys ?? DYNAMIC_KEYS;
  const files = readdirSync(options.localesDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => basename(file, '.json'))
    .sort();
  const read = (language: string) => readTexts(options.localesDir, language);
  if (!files.includes('en')) return ['en: there is no en.json to compare with'];
  const english = read('en');
  const problems: string[] = [];
  const languages = options.languages ?? files;
  for (const language of languages) {
    if (!files.includes(language)) {
      problems.push(`${language}: there is no ${language}.json (every language needs one)`);
    }
  }
  for (const file of files) {
    if (!languages.includes(file)) {
      problems.push(`${file}: ${file}.json is not a language of LANGUAGE_CODES (@quits/contract)`);
    }
  }
  const present = languages.filter((language) => files.includes(language));
  for (const language of present) {
    problems.push(...checkLanguage(language, read(language), english));
  }

  const findings = scanSources(options.sourceDir);
  for (const key of english.keys()) {
    if (!isUsed(key, findings, dynamicKeys)) problems.push(`en: ${key} is not used`);
  }
  const bases = new Set([...english.keys()].map((key) => pluralBase(key) ?? key));
  for (const { key, where } of findings.asked) {
    if (!english.has(key) && !bases.has(key)) problems.push(`${where}: ${key} is not in en.json`);
  }
  for (const { prefix, where } of findings.dynamic) {
    if (!dynamicKeys.some((dynamic) => dynamic.prefix === prefix)) {
      problems.push(
        `${where}: the key \`${prefix}*\` is built at run time; list its prefix in DYNAMIC_KEYS`,
      );
    }
  }
  problems.push(...findings.raw);
  if (options.serverTexts) {
    problems.push(...checkReportTexts(present, read), ...checkServerMessages(english));
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const web = fileURLToPath(new URL('../apps/web/src/', import.meta.url));
  const problems = checkI18n({
    localesDir: join(web, 'locales'),
    languages: LANGUAGE_CODES,
    sourceDir: web,
    serverTexts: true,
  });
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`i18n: ${problems.length} problems; see docs/I18N.md.`);
    process.exit(1);
  }
  console.log('i18n: every language has every text, every text is used, no raw strings.');
}
