import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The font names a statement registers; see `fontFor`. */
export type ReportFont = 'sans' | 'sans-bold' | 'cjk' | 'korean' | 'arabic' | 'hebrew';

/** Every font a statement registers, in the order `fontFor` tries them. */
export const REPORT_FONTS: readonly ReportFont[] = [
  'sans',
  'sans-bold',
  'cjk',
  'korean',
  'arabic',
  'hebrew',
];

const FILES: Record<ReportFont, string> = {
  sans: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  'sans-bold': '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  // Noto Sans SC holds the Chinese characters and the basic Latin ones besides, so a line that
  // mixes them is written in it alone.
  cjk: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  // Noto Sans SC has kana but no Hangul: Korean has its own, with Latin besides.
  korean: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  // Arabic and Hebrew letters, shaped (joined forms, right to left) by pdfkit's fontkit when a
  // text is in that script alone: a name or a title. See `fontFor`.
  arabic: '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
  hebrew: '@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf',
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

// Hangul jamo, compatibility jamo and syllables.
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u;
// CJK punctuation, kana, the unified ideographs, compatibility ideographs and forms, and the
// full-width forms: none of them is in Noto Sans.
const CJK = /[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/u;
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/u;
const HEBREW = /[\u0590-\u05ff\ufb1d-\ufb4f]/u;

/**
 * The font to write `text` in: Noto Sans (Latin with every Vietnamese, Turkish, Romanian and
 * Czech letter, Greek, Cyrillic), else the Noto font of the script it holds: Korean, Chinese or
 * Japanese (Noto Sans SC), Arabic, Hebrew.
 */
export function fontFor(text: string, bold = false): ReportFont {
  if (HANGUL.test(text)) return 'korean';
  if (CJK.test(text)) return 'cjk';
  if (ARABIC.test(text)) return 'arabic';
  if (HEBREW.test(text)) return 'hebrew';
  return bold ? 'sans-bold' : 'sans';
}
