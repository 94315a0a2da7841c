import { RECEIPT_LIMITS } from '@quits/contract';
import sharp from 'sharp';

/**
 * The treatments an image can get before OCR. Each is one way to make print legible to
 * tesseract; which one reads a given receipt best depends on the paper, the light and the
 * camera, so the reader tries the cheap one first and others only when unsure.
 */
export type ImageTreatment = 'gray' | 'contrast' | 'sharp-threshold' | 'large';

export interface TreatmentRecipe {
  /** Width (px) the image is brought to; print reads best at ~25–35 px per line of text. */
  width: number;
  /** Stretch the histogram to full black..white (faded thermal paper, grey scans). */
  normalise: boolean;
  sharpen: boolean;
  /** Cut to pure black and white at this grey level (0..255), else leave grey to tesseract. */
  threshold: number | null;
}

export const TREATMENTS: Record<ImageTreatment, TreatmentRecipe> = {
  gray: { width: 1000, normalise: false, sharpen: false, threshold: null },
  contrast: { width: 1000, normalise: true, sharpen: false, threshold: null },
  'sharp-threshold': { width: 1200, normalise: true, sharpen: true, threshold: 150 },
  large: { width: 1500, normalise: true, sharpen: false, threshold: null },
};

/**
 * The image turned upright from its EXIF orientation, grey, resized to the treatment's width,
 * as a PNG (lossless, which tesseract decodes fast). Never enlarges beyond 2× (an upscaled
 * thumbnail only grows blur) and keeps very long receipts within the pixel limit.
 */
export async function treatImage(image: Buffer, treatment: ImageTreatment): Promise<Buffer> {
  const recipe = TREATMENTS[treatment];
  const upright = sharp(image, {
    autoOrient: true,
    failOn: 'none',
    limitInputPixels: RECEIPT_LIMITS.maxPixels,
  });
  const { autoOrient } = await upright.metadata();
  const targetWidth = Math.min(recipe.width, autoOrient.width * 2);
  let pipeline = upright
    .grayscale()
    .resize({ width: Math.round(targetWidth), kernel: 'lanczos3', withoutEnlargement: false });
  if (recipe.normalise) pipeline = pipeline.normalise();
  if (recipe.sharpen) pipeline = pipeline.sharpen({ sigma: 1 });
  if (recipe.threshold !== null) pipeline = pipeline.threshold(recipe.threshold);
  return pipeline.png({ compressionLevel: 1 }).toBuffer();
}
