import { build } from 'rolldown';

/**
 * The module `entry` and what it imports, bundled into one self-contained script for a
 * `<script>` element of index.html: minified, as it is downloaded with every page, and written
 * for browsers older than the app's own target (es2017, the app es2022), since it runs before
 * anything can tell that a browser is too old. Resolves the app's `@web/…` imports by `tsconfig`.
 */
export async function inlineScript(entry: string, tsconfig: string): Promise<string> {
  const { output } = await build({
    input: entry,
    tsconfig,
    platform: 'browser',
    transform: { target: 'es2017' },
    write: false,
    output: { format: 'iife', minify: true },
  });
  const [chunk, ...more] = output;
  if (!chunk || more.length > 0) throw new Error(`${entry} must bundle to exactly one file`);
  const script = chunk.code.trim();
  // The HTML parser ends an inline script at the first "</script", whatever its JavaScript says,
  // and reads one with "<!--" in it differently.
  if (/<\/script|<!--/i.test(script))
    throw new Error(`${entry} bundles to text that ends its script early`);
  return script;
}
