/**
 * Making a photo of a receipt read like a scan: the paper cut out along its outline and
 * flattened (perspective and rotation undone), the light evened out, and a residual slant
 * measured from the print. Each step is pure and works on grey pixels.
 */
import { flatSize, homography, type Quad, warpImage } from './geometry';
import { type GrayImage, inkThreshold } from './text-region';

/** Beyond this the flattened paper costs time without adding legibility. */
const MAX_FLAT_PIXELS = 5_000_000;

/**
 * The paper inside `quad` (pixels of `gray`) as an upright rectangle of its own proportions,
 * at most `MAX_FLAT_PIXELS`. The corners are pulled 0.5 % inwards so that no table shows at
 * the edges. Null when the quad is degenerate.
 */
export function flattenPaper(gray: GrayImage, quad: Quad): GrayImage | null {
  const size = flatSize(quad);
  const scale = Math.min(1, Math.sqrt(MAX_FLAT_PIXELS / Math.max(1, size.width * size.height)));
  const width = Math.max(16, Math.round(size.width * scale));
  const height = Math.max(16, Math.round(size.height * scale));
  const inset = 0.005;
  const target: Quad = [
    { x: -inset * width, y: -inset * height },
    { x: (1 + inset) * width, y: -inset * height },
    { x: (1 + inset) * width, y: (1 + inset) * height },
    { x: -inset * width, y: (1 + inset) * height },
  ];
  const toSource = homography(target, quad);
  if (!toSource) return null;
  const flat = warpImage({ ...gray, channels: 1 }, toSource, width, height, [255]);
  return { data: flat.data, width, height };
}

/**
 * The light evened out: each pixel divided by the paper's brightness around it (the brightest
 * of its neighbourhood, smoothed), so that shadows and gradients become white paper and the
 * print keeps its contrast. Dividing by the local background is what makes a later global
 * threshold an adaptive one.
 */
export function evenLight(image: GrayImage): GrayImage {
  const { data, width, height } = image;
  // Blocks wider than the thickest stroke, so that every block holds some paper.
  const block = Math.max(8, Math.round(Math.min(width, height) / 24));
  const cols = Math.ceil(width / block);
  const rows = Math.ceil(height / block);
  const grid = new Float32Array(cols * rows);
  for (let by = 0; by < rows; by += 1) {
    for (let bx = 0; bx < cols; bx += 1) {
      // A high percentile rather than the maximum: sensor noise makes single pixels bright.
      const histogram = new Uint32Array(256);
      let count = 0;
      const yEnd = Math.min(height, (by + 1) * block);
      const xEnd = Math.min(width, (bx + 1) * block);
      for (let y = by * block; y < yEnd; y += 2) {
        for (let x = bx * block; x < xEnd; x += 2) {
          histogram[data[y * width + x] as number] =
            (histogram[data[y * width + x] as number] ?? 0) + 1;
          count += 1;
        }
      }
      let seen = 0;
      let level = 255;
      for (; level > 0; level -= 1) {
        seen += histogram[level] as number;
        if (seen >= count * 0.05) break;
      }
      grid[by * cols + bx] = level;
    }
  }
  // The brightest of each block's neighbours: a block covered by a logo takes its paper's light.
  const spread = new Float32Array(grid.length);
  for (let by = 0; by < rows; by += 1) {
    for (let bx = 0; bx < cols; bx += 1) {
      let best = 0;
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          const y = by + dy;
          const x = bx + dx;
          if (y >= 0 && y < rows && x >= 0 && x < cols)
            best = Math.max(best, grid[y * cols + x] as number);
        }
      }
      spread[by * cols + bx] = Math.max(32, best);
    }
  }
  // Bilinear enlargement of the block grid: each pixel's paper brightness.
  const light = new Float32Array(cols);
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y += 1) {
    const gy = Math.min(rows - 1, Math.max(0, (y + 0.5) / block - 0.5));
    const y0 = Math.floor(gy);
    const y1 = Math.min(rows - 1, y0 + 1);
    const fy = gy - y0;
    for (let bx = 0; bx < cols; bx += 1) {
      light[bx] =
        (spread[y0 * cols + bx] as number) * (1 - fy) + (spread[y1 * cols + bx] as number) * fy;
    }
    const row = y * width;
    for (let x = 0; x < width; x += 1) {
      const gx = Math.min(cols - 1, Math.max(0, (x + 0.5) / block - 0.5));
      const x0 = Math.floor(gx);
      const x1 = x0 + 1 < cols ? x0 + 1 : x0;
      const fx = gx - x0;
      const background = (light[x0] as number) * (1 - fx) + (light[x1] as number) * fx;
      const value = ((data[row + x] as number) / background) * 250;
      out[row + x] = Math.min(value, 255);
    }
  }
  return { data: out, width, height };
}

/**
 * The slant of the print (degrees, clockwise), from −20° to 20°: the angle at which the ink's
 * row profile is most peaked (lines of print then fall into few rows). Measured on a small
 * grey image; 0 when there is too little ink to say.
 */
export function printSlant(image: GrayImage): number {
  const { data, width, height } = image;
  const threshold = inkThreshold(image);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if ((data[y * width + x] as number) < threshold) {
        xs.push(x - width / 2);
        ys.push(y - height / 2);
      }
    }
  }
  if (xs.length < 200) return 0;
  const diagonal = Math.ceil(Math.hypot(width, height));
  const peakedness = (degrees: number) => {
    const angle = (degrees * Math.PI) / 180;
    const sin = Math.sin(angle);
    const cos = Math.cos(angle);
    const rows = new Float64Array(diagonal + 2);
    for (let index = 0; index < xs.length; index += 1) {
      const row = Math.round(
        -(xs[index] as number) * sin + (ys[index] as number) * cos + diagonal / 2,
      );
      rows[row] = (rows[row] as number) + 1;
    }
    let sum = 0;
    for (const count of rows) sum += count * count;
    return sum;
  };
  let best = 0;
  let bestScore = peakedness(0);
  for (let degrees = -20; degrees <= 20; degrees += 1) {
    const score = peakedness(degrees);
    if (score > bestScore) {
      bestScore = score;
      best = degrees;
    }
  }
  for (let degrees = best - 0.75; degrees <= best + 0.75; degrees += 0.25) {
    const score = peakedness(degrees);
    if (score > bestScore) {
      bestScore = score;
      best = degrees;
    }
  }
  return best;
}

/** The image turned half a turn (an upside-down receipt): its pixels in reverse order. */
export function turnHalf(image: GrayImage): GrayImage {
  return { data: image.data.slice().reverse(), width: image.width, height: image.height };
}
