import { ATTACHMENT_LIMITS } from '@quits/contract';

/** A file name's extension, as written: ".pdf", ".HEIC". */
const EXTENSION = /\.[^.\s]{1,5}$/;

/** The extension a stored file is saved under, by what it is (never by the name it came with). */
export const EXTENSION_OF = { 'application/pdf': '.pdf', 'image/jpeg': '.jpg' } as const;

/**
 * The name a stored file is served under, split for `Content-Disposition`: its kept name
 * without the extension it carries, and the extension of what it is. A file kept before names
 * were given their type's extension (`invoice.html`, a PDF) is served as `invoice.pdf` too.
 */
export function servedName(
  name: string,
  contentType: keyof typeof EXTENSION_OF,
): { stem: string; extension: string } {
  const stem = name.replace(EXTENSION, '').trim();
  return { stem: stem || 'file', extension: EXTENSION_OF[contentType].slice(1) };
}

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
