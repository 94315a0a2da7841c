import { RECEIPT_LIMITS } from '@quits/contract';
import { HttpError, say } from '@server/http/http-error';
import sharp, { type Sharp } from 'sharp';
import { ConcurrencyGate } from './concurrency-gate';
import { decodeHeicOffThread } from './heic-decoding';
import type { ReceiptImageType } from './image-type';

/** Longest side (px) of a stored receipt: legible print, and the web app's 2000 px untouched. */
export const STORED_LONGEST_SIDE = 2400;

/** JPEG quality of a stored receipt: small print stays sharp at a few hundred kilobytes. */
const STORED_QUALITY = 82;

/**
 * Decodings at once in this process. A 40-megapixel photo takes ~160 MB while decoded: a burst
 * of uploads waits here (each holding only its compressed bytes) instead of decoding together.
 */
const decoding = new ConcurrencyGate(2);

export interface CleanedImage {
  /** Upright, re-encoded, with no metadata (EXIF, GPS, XMP, ICC) left. */
  jpeg: Buffer;
  width: number;
  height: number;
}

const unreadable = () => new HttpError(422, say('photo_unreadable'));

/**
 * Checks the size an image claims in its header, then decodes it and stores it clean: turned
 * upright from its EXIF orientation, shrunk to `STORED_LONGEST_SIDE`, re-encoded as JPEG, with
 * every metadata block (GPS position, camera, time) dropped. Throws a 413 before decoding
 * anything when the header claims more than `RECEIPT_LIMITS.maxPixels`, a 422 when the bytes
 * cannot be decoded.
 */
export async function cleanReceiptImage(
  bytes: Buffer,
  type: ReceiptImageType,
): Promise<CleanedImage> {
  const header = await readHeader(bytes);
  if (header.width * header.height > RECEIPT_LIMITS.maxPixels) {
    const megapixels = Math.round(RECEIPT_LIMITS.maxPixels / 1_000_000);
    throw new HttpError(
      413,
      say('photo_too_many_pixels', { width: header.width, height: header.height, megapixels }),
    );
  }
  return decoding.run(() => decodeAndClean(bytes, type, header));
}

async function decodeAndClean(
  bytes: Buffer,
  type: ReceiptImageType,
  header: ImageHeader,
): Promise<CleanedImage> {
  try {
    // sharp's own libvips reads AV1-coded HEIF but not HEVC, which is what phones write.
    const decoded =
      type === 'image/heic' && header.compression !== 'av1'
        ? await decodeHevc(bytes)
        : sharp(bytes, {
            autoOrient: true,
            failOn: 'error',
            limitInputPixels: RECEIPT_LIMITS.maxPixels,
          });
    const { data, info } = await decoded
      .resize({
        width: STORED_LONGEST_SIDE,
        height: STORED_LONGEST_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: STORED_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw unreadable();
  }
}

interface ImageHeader {
  width: number;
  height: number;
  compression: string | undefined;
}

/**
 * The dimensions written in the image's header: libvips reads no pixel data for this. Of an
 * animated image or an image sequence, the first frame's: the only one decoded.
 */
async function readHeader(bytes: Buffer): Promise<ImageHeader> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw unreadable();
    return {
      width: meta.width,
      height: meta.height,
      compression: meta.compression,
    };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw unreadable();
  }
}

/** HEVC-coded HEIF, decoded off the main thread, as raw pixels for sharp to re-encode. */
async function decodeHevc(bytes: Buffer): Promise<Sharp> {
  const image = await decodeHeicOffThread(bytes);
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
  });
}
