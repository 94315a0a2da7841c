import type { RECEIPT_LIMITS } from '@quits/contract';

export type ReceiptImageType = (typeof RECEIPT_LIMITS.types)[number];

/**
 * HEIF brands of still images that phones write: HEVC-coded (`heic`, `heix`, Apple's and
 * Samsung's photos), their sequences, and the generic `mif1`/`msf1` under which either codec
 * may sit. AVIF (`avif`, `avis`) is left out: the upload limits do not list it.
 */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (bytes: Buffer, start: number, end: number) =>
  bytes.subarray(start, end).toString('latin1');

/**
 * What an uploaded file is, from its first bytes (its "magic number"), never from its name or
 * the type the client claims: those are whatever the sender says. Null for anything else.
 */
export function sniffImageType(bytes: Buffer): ReceiptImageType | null {
  // JPEG: a start-of-image marker followed by another marker.
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // WebP: a RIFF container of form type WEBP.
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (isHeif(bytes)) return 'image/heic';
  return null;
}

/** An ISO-BMFF file whose leading `ftyp` box names a HEIF image brand (major or compatible). */
function isHeif(bytes: Buffer): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = bytes.readUInt32BE(0);
  if (boxSize < 16 || boxSize > Math.min(bytes.length, 4096)) return false;
  const major = ascii(bytes, 8, 12);
  if (major === 'avif' || major === 'avis') return false;
  if (HEIF_BRANDS.has(major)) return true;
  // Compatible brands follow the major brand and its 4-byte minor version.
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) {
    if (HEIF_BRANDS.has(ascii(bytes, offset, offset + 4))) return true;
  }
  return false;
}
