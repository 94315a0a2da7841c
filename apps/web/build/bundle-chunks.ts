import type { IndexHtmlTransformContext, Rolldown } from 'vite';

/** The built app's files, as the last transform of index.html sees them. */
export type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type OutputChunk = Rolldown.OutputChunk;

/** The chunk built from the module whose path ends with `source`. */
export function chunkOf(bundle: Bundle, source: string): OutputChunk | undefined {
  return Object.values(bundle).find(
    (output): output is OutputChunk =>
      output.type === 'chunk' && (output.facadeModuleId ?? '').endsWith(source),
  );
}

/** The app's entry chunk (src/main.tsx's). */
export function entryChunk(bundle: Bundle): OutputChunk | undefined {
  return Object.values(bundle).find(
    (output): output is OutputChunk => output.type === 'chunk' && output.isEntry,
  );
}

/**
 * A built file's address, relative to the page's <base href> (index.html), as Vite writes the
 * page's own with `base: './'`: the same build serves at the root or under a BASE_PATH.
 */
const urlOf = (fileName: string) => `./${fileName}`;

/** `chunk`'s file and the files of every chunk it imports statically, as URLs. */
export function staticClosure(
  bundle: Bundle,
  chunk: OutputChunk,
  seen = new Set<string>(),
): Set<string> {
  if (seen.has(urlOf(chunk.fileName))) return seen;
  seen.add(urlOf(chunk.fileName));
  for (const file of chunk.imports) {
    const imported = bundle[file];
    if (imported?.type === 'chunk') staticClosure(bundle, imported, seen);
  }
  return seen;
}

/**
 * The built file of each language's first texts (src/locales/{code}.json, the part the first
 * screens show: build/locale-parts.ts), by language code.
 */
export function localeFiles(bundle: Bundle): Record<string, string> {
  const files: Record<string, string> = {};
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk') continue;
    const code = /\/locales\/([a-z-]+)\.json\?part=first$/i.exec(output.facadeModuleId ?? '')?.[1];
    if (code) files[code] = urlOf(output.fileName);
  }
  return files;
}
