import { RECEIPT_LIMITS } from '@quits/contract';

/** Why a chosen file is not sent: too heavy for the server, or not a photo it can read. */
export type PhotoProblem = 'too-large' | 'wrong-type';

const ACCEPTED_TYPES: readonly string[] = [
  ...RECEIPT_LIMITS.types,
  // iPhones label some of their photos HEIF rather than HEIC; the server reads both by content.
  'image/heif',
];

/**
 * Checks a chosen file before anything is uploaded, by what the browser says of it; the server
 * checks again by its bytes. Browsers that do not know HEIC give it no type, so a file with no
 * type is judged by its name.
 */
export function photoProblem(file: Pick<File, 'size' | 'type' | 'name'>): PhotoProblem | null {
  const type = file.type.toLowerCase();
  const known = type === '' ? /\.(heic|heif)$/i.test(file.name) : ACCEPTED_TYPES.includes(type);
  if (!known) return 'wrong-type';
  if (file.size > RECEIPT_LIMITS.maxBytes) return 'too-large';
  return null;
}
