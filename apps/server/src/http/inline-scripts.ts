import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** An inline script that runs: `<script>` without attributes (JSON data has a type and never runs). */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * The Content-Security-Policy sources (`'sha256-…'`) of the inline scripts in the built
 * index.html, so that they run and no other inline script does. None when it is not built.
 */
export async function inlineScriptHashes(distDir: string): Promise<string[]> {
  let html: string;
  try {
    html = await readFile(join(distDir, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, script = '']) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
  );
}
