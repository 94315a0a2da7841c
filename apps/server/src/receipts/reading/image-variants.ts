import { RECEIPT_LIMITS } from '@quits/contract';
import sharp from 'sharp';
import { splitAtBlankRow } from './image-bands';
import { findTextRegion, type GrayImage, type TextRegion } from './text-region';

/**
 * The treatments an image can get before OCR. Each is one way to make print legible to
 * tesseract; which one reads a given receipt best depends on the paper, the light and the
 * camera, so the reader tries the cheap one first and others only when unsure.
 */
export type ImageTreatment = 'standard' | 'larger' | 'contrast';

export interface TreatmentRecipe {
  /** Height (px) printed lines are scaled to; tesseract reads best with tall enough letters. */
  lineHeight: number;
  /** Stretch the histogram to full black..white (faded thermal paper, grey scans). */
  normalise: boolean;
  sharpen: boolean;
}

export const TREATMENTS: Record<ImageTreatment, TreatmentRecipe> = {
  standard: { lineHeight: 24, normalise: false, sharpen: false },
  larger: { lineHeight: 32, normalise: false, sharpen: false },
  contrast: { lineHeight: 28, normalise: true, sharpen: true },
};

/** Where the receipt's print is, found once per image and shared by its treatments. */
export interface ImagePlan {
  gray: GrayImage;
  region: TextRegion;
}

/** Line height assumed when none could be measured: a receipt's width holds ~40 characters. */
const TYPICAL_LINES_PER_WIDTH = 40;
/** Beyond this an image costs OCR time without adding legibility. */
const MAX_OCR_PIXELS = 4_000_000;

/** The image upright (EXIF), grey, with its print located. */
export async function planImage(image: Buffer): Promise<ImagePlan> {
  const { data, info } = await sharp(image, {
    autoOrient: true,
    failOn: 'none',
    limitInputPixels: RECEIPT_LIMITS.maxPixels,
  })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const gray = { data: new Uint8Array(data.buffer, data.byteOffset, data.length), ...info };
  return { gray, region: findTextRegion(gray) };
}

/**
 * The receipt's print cut out and scaled so its lines are `lineHeight` px tall, as PNGs
 * (lossless, decoded fast by tesseract): one, or two bands cut at a blank row near the middle,
 * to be read at once by two workers when two are free (see `splitAtBlankRow`).
 */
export async function treatImage(plan: ImagePlan, treatment: ImageTreatment): Promise<Buffer[]> {
  const recipe = TREATMENTS[treatment];
  const { gray, region } = plan;
  const measured = region.lineHeight ?? region.width / TYPICAL_LINES_PER_WIDTH;
  // Shrinking much loses strokes that a measured line height (thrown off by a logo behind the
  // print) would not justify; enlarging beyond 3× only magnifies blur.
  let scale = Math.min(3, Math.max(0.6, recipe.lineHeight / measured));
  const pixels = region.width * region.height * scale * scale;
  if (pixels > MAX_OCR_PIXELS) scale *= Math.sqrt(MAX_OCR_PIXELS / pixels);
  let pipeline = sharp(gray.data, { raw: { width: gray.width, height: gray.height, channels: 1 } })
    .extract({ left: region.left, top: region.top, width: region.width, height: region.height })
    .resize({ width: Math.max(1, Math.round(region.width * scale)), kernel: 'lanczos3' });
  if (recipe.normalise) pipeline = pipeline.normalise();
  if (recipe.sharpen) pipeline = pipeline.sharpen({ sigma: 1 });
  // One grey byte a pixel: sharp would otherwise hand raw pixels back as sRGB.
  const { data, info } = await pipeline
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const treated = { data: new Uint8Array(data.buffer, data.byteOffset, data.length), ...info };
  return Promise.all(
    splitAtBlankRow(treated).map((band) =>
      sharp(band.data, { raw: { width: band.width, height: band.height, channels: 1 } })
        .toColourspace('b-w')
        .png({ compressionLevel: 1 })
        .toBuffer(),
    ),
  );
}
