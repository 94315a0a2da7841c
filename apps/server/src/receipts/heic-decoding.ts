import { Worker } from 'node:worker_threads';

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
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./heic-worker.mjs', import.meta.url), {
      workerData: bytes,
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`HEIC decoding took longer than ${DECODE_TIMEOUT_MS} ms`));
    }, DECODE_TIMEOUT_MS);
    const settle = () => clearTimeout(timer);
    worker.once('message', (image: RgbaImage) => {
      settle();
      resolve(image);
    });
    worker.once('error', (error) => {
      settle();
      reject(error);
    });
    worker.once('exit', (code) => {
      settle();
      // After a message this changes nothing; without one, the worker died silently.
      reject(new Error(`HEIC decoder exited with code ${code} without an image`));
    });
  });
}
