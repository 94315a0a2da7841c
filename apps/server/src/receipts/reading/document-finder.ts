/**
 * Finding the receipt in a photo: the paper is the largest bright, colourless region, and its
 * outline the best quadrilateral around it. Works on a small copy of the image (about 512 px
 * on the long side), where it takes a few milliseconds; see docs/RECEIPTS.md for why this is
 * hand-written rather than OpenCV.
 */
import {
  convexHull,
  isConvexClockwise,
  type Point,
  type Quad,
  quadArea,
  quadFromHull,
} from './geometry';
import { inkThreshold } from './text-region';

export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
  /** 3 (RGB) or 4 (RGBA). */
  channels: number;
}

export interface FoundDocument {
  /** The paper's corners in the small image's pixels, clockwise from top-left. */
  quad: Quad;
  /** Share (0..1) of the quad the paper region fills: near 1 for a clean rectangle. */
  fill: number;
}

/**
 * How paper-like each pixel is (0..255): bright and without colour. Receipts are white or
 * light grey; tables, fabric and hands are coloured or darker. Shadows darken paper and
 * background alike, which is why the threshold between them is found per image (Otsu).
 */
export function paperScore(image: RgbImage): Uint8Array {
  const { data, width, height, channels } = image;
  const score = new Uint8Array(width * height);
  for (let index = 0, offset = 0; index < score.length; index += 1, offset += channels) {
    const r = data[offset] as number;
    const g = data[offset + 1] as number;
    const b = data[offset + 2] as number;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const value = max - 1.5 * (max - min);
    score[index] = Math.max(value, 0);
  }
  return score;
}

/** The mask dilated (`grow` true) or eroded by a square of `radius`, separably. */
function morph(mask: Uint8Array, width: number, height: number, radius: number, grow: boolean) {
  const pass = (input: Uint8Array, horizontal: boolean) => {
    const output = new Uint8Array(input.length);
    const outer = horizontal ? height : width;
    const inner = horizontal ? width : height;
    for (let o = 0; o < outer; o += 1) {
      for (let i = 0; i < inner; i += 1) {
        let result = grow ? 0 : 1;
        for (let d = -radius; d <= radius; d += 1) {
          const j = i + d;
          if (j < 0 || j >= inner) continue;
          const value = input[horizontal ? o * width + j : j * width + o] as number;
          if (grow ? value === 1 : value === 0) {
            result = grow ? 1 : 0;
            break;
          }
        }
        output[horizontal ? o * width + i : i * width + o] = result;
      }
    }
    return output;
  };
  return pass(pass(mask, true), false);
}

/** The pixels (as indices) of the largest 4-connected region of the mask. */
function largestRegion(mask: Uint8Array, width: number, _height: number): Int32Array {
  const label = new Int32Array(mask.length);
  const stack = new Int32Array(mask.length);
  let bestLabel = 0;
  let bestCount = 0;
  let next = 1;
  const visit = (index: number, top: number): number => {
    if (mask[index] === 1 && label[index] === 0) {
      label[index] = next;
      stack[top] = index;
      return top + 1;
    }
    return top;
  };
  for (let start = 0; start < mask.length; start += 1) {
    if (mask[start] !== 1 || label[start] !== 0) continue;
    let top = visit(start, 0);
    let count = 0;
    while (top > 0) {
      top -= 1;
      const index = stack[top] as number;
      count += 1;
      const x = index % width;
      if (x > 0) top = visit(index - 1, top);
      if (x < width - 1) top = visit(index + 1, top);
      if (index >= width) top = visit(index - width, top);
      if (index < mask.length - width) top = visit(index + width, top);
    }
    if (count > bestCount) {
      bestCount = count;
      bestLabel = next;
    }
    next += 1;
  }
  const region = new Int32Array(bestCount);
  let at = 0;
  for (let index = 0; index < label.length; index += 1) {
    if (label[index] === bestLabel && bestLabel !== 0) region[at++] = index;
  }
  return region;
}

/** Bounds on the paper's share of the frame: smaller is not the subject, larger is a scan. */
const MIN_SHARE = 0.06;
const MAX_SHARE = 0.92;
/** Least share of the quad the region must fill to be taken as a sheet of paper. */
const MIN_FILL = 0.85;

/**
 * The receipt's outline in a small RGB image, or null when no sheet stands out from its
 * background (a scan, a close-up where the paper fills the frame, or paper on white).
 */
export function findDocument(image: RgbImage): FoundDocument | null {
  const { width, height } = image;
  const score = paperScore(image);
  const threshold = inkThreshold({ data: score, width, height });
  let mask = new Uint8Array(score.length);
  for (let index = 0; index < score.length; index += 1) {
    mask[index] = (score[index] as number) > threshold ? 1 : 0;
  }
  // Closing fills the print inside the paper; opening cuts thin bridges to bright clutter.
  const radius = Math.max(1, Math.round(Math.max(width, height) / 170));
  mask = morph(morph(mask, width, height, radius, true), width, height, radius, false);
  const cut = Math.max(1, Math.round(radius * 1.5));
  mask = morph(morph(mask, width, height, cut, false), width, height, cut, true);
  const region = largestRegion(mask, width, height);
  const share = region.length / (width * height);
  if (share < MIN_SHARE || share > MAX_SHARE) return null;

  // Only the region's outermost pixels of each row can be on its hull.
  const rowsMin = new Int32Array(height).fill(width);
  const rowsMax = new Int32Array(height).fill(-1);
  let touchesEdge = 0;
  for (const index of region) {
    const x = index % width;
    const y = (index - x) / width;
    if (x < (rowsMin[y] as number)) rowsMin[y] = x;
    if (x > (rowsMax[y] as number)) rowsMax[y] = x;
    if (x === 0 || y === 0 || x === width - 1 || y === height - 1) touchesEdge += 1;
  }
  // Paper running out of the frame on a long stretch has no four corners to find.
  if (touchesEdge > 0.15 * (width + height)) return null;
  const points: Point[] = [];
  for (let y = 0; y < height; y += 1) {
    if ((rowsMax[y] as number) < 0) continue;
    points.push({ x: rowsMin[y] as number, y }, { x: (rowsMax[y] as number) + 1, y });
    points.push({ x: rowsMin[y] as number, y: y + 1 }, { x: (rowsMax[y] as number) + 1, y: y + 1 });
  }
  const quad = quadFromHull(convexHull(points));
  if (!quad || !isConvexClockwise(quad)) return null;
  const area = quadArea(quad);
  const fill = region.length / area;
  if (fill < MIN_FILL) return null;
  return { quad, fill: Math.min(1, fill) };
}
