import { RECEIPT_LIMITS } from '@quits/contract';

/** JPEG quality of uploads: small files whose print the server still reads well. */
const UPLOAD_QUALITY = 0.85;

/**
 * The size, in pixels, of an image scaled down so that its longest side is at most `longest`,
 * keeping its proportions; an image already small enough keeps its size (never enlarged).
 */
export function fitWithin(
  width: number,
  height: number,
  longest: number,
): { width: number; height: number } {
  const scale = Math.min(1, longest / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** Draws `source` scaled into a new canvas of `size` and encodes it as JPEG. */
async function encodeJpeg(
  source: CanvasImageSource,
  size: { width: number; height: number },
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  // Receipts are black on white; a transparent PNG would turn black in JPEG without this.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))),
      'image/jpeg',
      UPLOAD_QUALITY,
    ),
  );
}

/**
 * A photo made ready to upload on the device: turned upright by its EXIF orientation, its
 * longest side at most RECEIPT_LIMITS.uploadLongestSide pixels, as JPEG. A phone's 12-megapixel
 * photo of 4 MB becomes some 400 KB, which uploads in seconds on a slow network. A file the
 * browser cannot decode (HEIC outside Safari) is sent as it is: the server reads it.
 */
export async function shrinkPhoto(photo: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  } catch {
    return photo;
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height, RECEIPT_LIMITS.uploadLongestSide);
    return await encodeJpeg(bitmap, size);
  } finally {
    bitmap.close();
  }
}

/** The current picture of a live camera as a JPEG at most uploadLongestSide pixels long. */
export function captureFrame(video: HTMLVideoElement): Promise<Blob> {
  const size = fitWithin(video.videoWidth, video.videoHeight, RECEIPT_LIMITS.uploadLongestSide);
  return encodeJpeg(video, size);
}
