import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { type TextsPart, textsPart } from '../src/app/text-parts.ts';

/** `…/src/locales/{code}.json?part=first|later`, as src/app/i18n.ts imports each part. */
const PART_ID = /^(.*\/locales\/[a-z-]+\.json)\?part=(first|later)$/i;

/**
 * Each language's texts built as two files: the sections the first screens show, and the rest
 * (src/app/text-parts.ts says which). The source stays one file per language, as translators
 * and the translation check read it.
 */
export function localeParts(): Plugin {
  return {
    name: 'quits-locale-parts',
    enforce: 'pre',
    load(id) {
      const match = PART_ID.exec(id);
      if (!match?.[1]) return null;
      const [, file, part] = match;
      this.addWatchFile(file);
      const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      // Said to be JSON: the id's query hides the extension that would tell the bundler so.
      return { code: JSON.stringify(textsPart(texts, part as TextsPart)), moduleType: 'json' };
    },
  };
}
