import { runOffThread } from '@server/off-thread';

export interface RgbaImage {
  width: number;
  height: number;
  /** RGBA, 8 bits a channel, row after row. */
  data: Uint8ClampedArray;
}

/** A phone photo decodes in a few seconds; one taking far longer is abandoned. */
const DECODE_TIMEOUT_MS = 60_000;

/**
 * Decodes HEVC-coded HEIF (what iPhones write, and sharp's prebuilt libvips cannot read) with
 * libheif in a worker thread of its own, applying the file's rotation and mirroring. The
 * caller checked the image's pixel count from its header first.
 */
export function decodeHeicOffThread(bytes: Buffer): Promise<RgbaImage> {
  return runOffThread<RgbaImage>(new URL('./heic-worker.mjs', import.meta.url), bytes, {
    name: 'HEIC decoding',
    timeoutMs: DECODE_TIMEOUT_MS,
  });
}
