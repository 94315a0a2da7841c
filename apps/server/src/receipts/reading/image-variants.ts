import { RECEIPT_LIMITS } from '@quits/contract';
import sharp from 'sharp';
import { findDocument } from './document-finder';
import type { Quad } from './geometry';
import { splitAtBlankRow } from './image-bands';
import { evenLight, flattenPaper, printSlant, turnHalf } from './photo-flattening';
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
  /**
   * The paper's outline found in the photo, corners as shares (0..1) of the image's width and
   * height, clockwise from the top-left of the print; null for a scan (no background around).
   */
  outline: Quad | null;
}

/** Line height assumed when none could be measured: a receipt's width holds ~40 characters. */
const TYPICAL_LINES_PER_WIDTH = 40;
/** Beyond this an image costs OCR time without adding legibility. */
const MAX_OCR_PIXELS = 4_000_000;
/** Grey level (of 255, paper at ~250 after evening the light) below which a photo's pixel is ink. */
const PHOTO_INK_LEVEL = 190;
/** Long side (px) of the small copy the paper is looked for in. */
const FINDING_SIDE = 512;
/** A slant of the print smaller than this is left to tesseract. */
const MIN_SLANT_DEGREES = 2;

/**
 * The image upright (EXIF), grey, with its print located. A photo's paper is found, cut out
 * and flattened and its light evened out; a scan with slanted print is turned straight.
 */
export async function planImage(image: Buffer): Promise<ImagePlan> {
  const decoded = () =>
    sharp(image, { autoOrient: true, failOn: 'none', limitInputPixels: RECEIPT_LIMITS.maxPixels });
  const [full, small] = await Promise.all([
    decoded().grayscale().raw().toBuffer({ resolveWithObject: true }),
    decoded()
      .resize({ width: FINDING_SIDE, height: FINDING_SIDE, fit: 'inside' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true }),
  ]);
  const gray = {
    data: new Uint8Array(full.data.buffer, full.data.byteOffset, full.data.length),
    width: full.info.width,
    height: full.info.height,
  };
  const smallImage = {
    data: new Uint8Array(small.data.buffer, small.data.byteOffset, small.data.length),
    width: small.info.width,
    height: small.info.height,
    channels: small.info.channels,
  };
  const found = findDocument(smallImage);
  if (found) {
    const sx = gray.width / smallImage.width;
    const sy = gray.height / smallImage.height;
    const quad = found.quad.map((p) => ({ x: p.x * sx, y: p.y * sy })) as Quad;
    const flat = flattenPaper(gray, quad);
    if (flat) {
      const even = evenLight(flat);
      const outline = found.quad.map((p) => ({
        x: p.x / smallImage.width,
        y: p.y / smallImage.height,
      })) as Quad;
      return { gray: even, region: findTextRegion(even), outline };
    }
  }
  const slant = printSlant(await smallGray(smallImage));
  if (Math.abs(slant) >= MIN_SLANT_DEGREES) {
    const turned = await sharp(gray.data, {
      raw: { width: gray.width, height: gray.height, channels: 1 },
    })
      .rotate(-slant, { background: '#ffffff' })
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const straight = {
      data: new Uint8Array(turned.data.buffer, turned.data.byteOffset, turned.data.length),
      width: turned.info.width,
      height: turned.info.height,
    };
    return { gray: straight, region: findTextRegion(straight), outline: null };
  }
  return { gray, region: findTextRegion(gray), outline: null };
}

/** The same plan for the receipt turned half a turn (read upside down). */
export function turnPlan(plan: ImagePlan): ImagePlan {
  const { region, gray } = plan;
  const outline = plan.outline
    ? ([plan.outline[2], plan.outline[3], plan.outline[0], plan.outline[1]] as Quad)
    : null;
  return {
    gray: turnHalf(gray),
    region: {
      ...region,
      left: gray.width - region.left - region.width,
      top: gray.height - region.top - region.height,
    },
    outline,
  };
}

async function smallGray(image: {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}) {
  const { data } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels as 3 | 4 },
  })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: image.width,
    height: image.height,
  };
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
  // A photo's light was evened out (each pixel over its paper's brightness), so one threshold
  // here is an adaptive binarisation: print black, paper and sensor noise white.
  if (plan.outline && recipe.normalise) pipeline = pipeline.threshold(PHOTO_INK_LEVEL);
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
