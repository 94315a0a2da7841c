import { ATTACHMENT_LIMITS } from '@quits/contract';

/** A file name's extension, as written: ".pdf", ".HEIC". */
const EXTENSION = /\.[^.\s]{1,5}$/;

/**
 * The name an attachment is kept under, from the name the sender gave: its last path segment
 * only, without control or bidirectional-override characters (which could disguise it), spaces
 * folded, at most `ATTACHMENT_LIMITS.maxName` characters. With `extension`, that one replaces
 * the name's own (a photo is kept as JPEG whatever it came as). An empty name becomes `fallback`.
 */
export function attachmentName(
  given: string,
  options: { fallback: string; extension?: string },
): string {
  const segment = given.split(/[\\/]/).pop() ?? '';
  const cleaned = segment
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  const stem = options.extension ? cleaned.replace(EXTENSION, '') : cleaned;
  const suffix = options.extension ?? '';
  // Cut by code points, so that no character is split in two.
  const kept = Array.from(stem)
    .slice(0, ATTACHMENT_LIMITS.maxName - suffix.length)
    .join('')
    .trim();
  return kept.length > 0 ? `${kept}${suffix}` : options.fallback;
}
