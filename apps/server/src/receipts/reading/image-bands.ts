import { type GrayImage, inkThreshold } from './text-region';

/** Where a band may be cut, as shares of the image's height: near the middle. */
const CUT_FROM = 0.3;
const CUT_TO = 0.7;
/** A row with ink on at most this share of its width is blank (a speck or two allowed). */
const BLANK_SHARE = 0.002;

/**
 * The image cut in two bands at a blank row near its middle, so that two OCR workers can read
 * one receipt at once; a single band when no row there is blank (a cut through print would
 * lose that line). Printed lines never straddle a blank row, so the two texts read one after
 * the other are the whole text.
 */
export function splitAtBlankRow(image: GrayImage): GrayImage[] {
  const { data, width, height } = image;
  if (height < 64) return [image];
  const threshold = inkThreshold(image);
  let cut = -1;
  let cutInk = Number.POSITIVE_INFINITY;
  const middle = height / 2;
  for (let y = Math.floor(height * CUT_FROM); y < Math.ceil(height * CUT_TO); y += 1) {
    let ink = 0;
    const row = y * width;
    for (let x = 0; x < width; x += 1) if ((data[row + x] ?? 255) <= threshold) ink += 1;
    // The emptiest row wins; among equally empty ones, the one nearest the middle.
    const better =
      ink < cutInk || (ink === cutInk && Math.abs(y - middle) < Math.abs(cut - middle));
    if (better) {
      cut = y;
      cutInk = ink;
    }
  }
  if (cut < 0 || cutInk > BLANK_SHARE * width) return [image];
  return [
    { data: data.subarray(0, cut * width), width, height: cut },
    { data: data.subarray(cut * width), width, height: height - cut },
  ];
}
