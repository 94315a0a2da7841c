import { readFileSync } from 'node:fs';
import { ConfigError } from './config-error';

/**
 * Variables that hold a secret: no message or log line repeats their values, and each may be
 * given as a file instead (`<NAME>_FILE`, as container orchestrators hand out secrets).
 */
export const SECRET_VARIABLES = [
  'DATABASE_URL',
  'PUSHER_SECRET',
  'VAPID_PRIVATE_KEY',
  'RECEIPT_MODEL_KEY',
  'DEVICE_PSEUDONYM_SECRET',
  'METRICS_TOKEN',
  'EVENT_CREATION_PASSWORD',
] as const;

const SECRET_NAMES: ReadonlySet<string> = new Set(SECRET_VARIABLES);

export function isSecretVariable(name: string): boolean {
  return SECRET_NAMES.has(name);
}

/** `DATABASE_URL_FILE` and the others: names the server knows beside its settings. */
export const SECRET_FILE_VARIABLES = SECRET_VARIABLES.map((name) => `${name}_FILE`);

const isSet = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== '';

/**
 * The environment with each `<NAME>_FILE` replaced by its file's content as `<NAME>`: the file
 * is read whole, less its trailing line break (`echo secret > file` writes one). Both set is
 * refused, since which one wins would be a guess; so is a file that cannot be read (named by
 * its path, which is no secret).
 */
export function withSecretFiles(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const resolved: NodeJS.ProcessEnv = { ...env };
  const problems: string[] = [];
  for (const name of SECRET_VARIABLES) {
    const path = env[`${name}_FILE`];
    if (!isSet(path)) continue;
    if (isSet(env[name])) {
      problems.push(`${name} and ${name}_FILE are both set; set only one`);
      continue;
    }
    try {
      resolved[name] = readFileSync(path.trim(), 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      problems.push(`${name}_FILE names a file that cannot be read (${path.trim()}: ${code})`);
    }
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}.`);
  }
  return resolved;
}

/** Shorter values are not hunted in log lines: they would blank out ordinary words. */
const MIN_SCRUBBED_LENGTH = 4;

/**
 * The texts to blank out wherever the server writes: each secret's value, and the password of
 * `DATABASE_URL` on its own (an error of the database driver may quote it without the rest),
 * as written and as percent-decoded.
 */
export function secretTexts(values: Readonly<Record<string, unknown>>): string[] {
  const texts = new Set<string>();
  for (const name of SECRET_VARIABLES) {
    const value = values[name];
    if (typeof value === 'string' && value.trim()) texts.add(value.trim());
  }
  const url = values.DATABASE_URL;
  const password = passwordOf(typeof url === 'string' ? url : undefined);
  if (password) {
    texts.add(password);
    try {
      texts.add(decodeURIComponent(password));
    } catch {
      // Not percent-encoded: the text as written is enough.
    }
  }
  return [...texts].filter((text) => text.length >= MIN_SCRUBBED_LENGTH);
}

/** The password of a URL-like `scheme://user:password@host`, even when the rest is malformed. */
function passwordOf(url: string | undefined): string | null {
  if (!url) return null;
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^:/@]*:(.*)@[^@]*$/i.exec(url.trim());
  return match?.[1] || null;
}

/**
 * A function that replaces every secret text in a string with `[secret]`, JSON-escaped forms
 * too (a log line is JSON); the string itself when there are no secrets.
 */
export function secretScrubber(texts: readonly string[]): (line: string) => string {
  const forms = new Set<string>();
  for (const text of texts) {
    forms.add(text);
    forms.add(JSON.stringify(text).slice(1, -1));
  }
  // Longest first, so that a secret containing another is replaced whole.
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  if (ordered.length === 0) return (line) => line;
  const pattern = new RegExp(ordered.map(escapeRegExp).join('|'), 'g');
  return (line) => line.replace(pattern, '[secret]');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
