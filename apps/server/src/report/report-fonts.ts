import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The font names a statement registers; see `fontFor`. */
export type ReportFont = 'sans' | 'sans-bold' | 'cjk';

const FILES: Record<ReportFont, string> = {
  sans: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  'sans-bold': '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  // Noto Sans SC holds the Chinese characters and the basic Latin ones besides, so a line that
  // mixes them is written in it alone.
  cjk: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
};

const require = createRequire(import.meta.url);
const loaded = new Map<ReportFont, Buffer>();

/**
 * The bytes of a font, read from its npm package the first time it is asked for and kept: a
 * statement never fetches anything, and pdfkit embeds only the glyphs it writes.
 */
export function fontBytes(font: ReportFont): Buffer {
  let bytes = loaded.get(font);
  if (!bytes) {
    bytes = readFileSync(require.resolve(FILES[font]));
    loaded.set(font, bytes);
  }
  return bytes;
}

// CJK punctuation, kana, the unified ideographs, Hangul, compatibility ideographs and forms,
// and the full-width forms: none of them is in Noto Sans.
const CJK = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/u;

/**
 * The font to write `text` in: Noto Sans (Latin with every Vietnamese letter, Greek, Cyrillic),
 * or Noto Sans SC when the text holds a Chinese, Japanese or Korean character.
 */
export function fontFor(text: string, bold = false): ReportFont {
  if (CJK.test(text)) return 'cjk';
  return bold ? 'sans-bold' : 'sans';
}
