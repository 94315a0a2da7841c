import i18next from 'i18next';
import { INTERPOLATION } from './text-isolation';

/** What an answer may carry to be worded: the shape of `ErrorBody`, unchecked. */
interface CodedAnswer {
  message?: unknown;
  code?: unknown;
  params?: unknown;
  errors?: unknown;
  error_codes?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A message of the server's catalogue (packages/contract/src/server-messages.ts) in the person's
 * language: `serverMessage.{code}` with the server's parameters. The server's English when the app
 * does not know the code (an answer from a newer server) or its texts have not loaded yet.
 */
export function wordServerMessage(code: unknown, params: unknown, english: string): string {
  if (typeof code !== 'string' || !/^[a-z0-9_]+$/.test(code)) return english;
  const key = `serverMessage.${code}`;
  // With the parameters: a message with a `count` exists as its plural forms. They are written
  // in as every value is (lib/text-isolation.ts): isolated in a right-to-left language.
  const values = { ...(isRecord(params) ? params : {}), interpolation: INTERPOLATION };
  return i18next.exists(key, values) ? i18next.t(key, values) : english;
}

/** The answer's own message, worded. */
export function answerMessage(answer: CodedAnswer | null, fallback: string): string {
  const english = typeof answer?.message === 'string' ? answer.message : fallback;
  return wordServerMessage(answer?.code, answer?.params, english);
}

/** The answer's messages by field path, each worded from its code when the answer gives one. */
export function answerFieldErrors(answer: CodedAnswer | null): Record<string, string[]> {
  const errors = isRecord(answer?.errors) ? answer.errors : {};
  const codes = isRecord(answer?.error_codes) ? answer.error_codes : {};
  const worded: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(errors)) {
    if (!Array.isArray(messages)) continue;
    const coded = Array.isArray(codes[path]) ? (codes[path] as unknown[]) : [];
    // Worded by position before anything is left out, so each message keeps its own code.
    worded[path] = messages.flatMap((message, index) => {
      if (typeof message !== 'string') return [];
      const said = coded[index];
      return [isRecord(said) ? wordServerMessage(said.code, said.params, message) : message];
    });
  }
  return worded;
}
