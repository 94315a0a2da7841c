/**
 * Plane geometry for receipt photos: quadrilaterals, the homography (perspective transform)
 * between two of them, and warping an image through one. Pure and allocation-light, so that
 * both the reader (photo → flat receipt) and the bench's photo generator (scan → photo) use it.
 */

export interface Point {
  x: number;
  y: number;
}

/** Four corners in order: top-left, top-right, bottom-right, bottom-left. */
export type Quad = [Point, Point, Point, Point];

/** A 3×3 matrix, row by row, mapping (x, y, 1) to homogeneous (x', y', w'). */
export type Homography = [number, number, number, number, number, number, number, number, number];

/** Solves the 8×8 system A·h = b by Gaussian elimination with partial pivoting; null if singular. */
function solve8(a: number[][], b: number[]): number[] | null {
  const n = 8;
  const m = a.map((row, index) => [...row, b[index] as number]);
  for (let column = 0; column < n; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < n; row += 1) {
      if (Math.abs(m[row]?.[column] ?? 0) > Math.abs(m[pivot]?.[column] ?? 0)) pivot = row;
    }
    const pivotRow = m[pivot] as number[];
    if (Math.abs(pivotRow[column] as number) < 1e-12) return null;
    [m[column], m[pivot]] = [pivotRow, m[column] as number[]];
    const current = m[column] as number[];
    for (let row = 0; row < n; row += 1) {
      if (row === column) continue;
      const target = m[row] as number[];
      const factor = (target[column] as number) / (current[column] as number);
      if (factor === 0) continue;
      for (let k = column; k <= n; k += 1)
        target[k] = (target[k] as number) - factor * (current[k] as number);
    }
  }
  return m.map((row, index) => (row[n] as number) / (row[index] as number));
}

/** The homography mapping each corner of `from` onto the same corner of `to`; null if degenerate. */
export function homography(from: Quad, to: Quad): Homography | null {
  const a: number[][] = [];
  const b: number[] = [];
  for (let index = 0; index < 4; index += 1) {
    const { x, y } = from[index] as Point;
    const { x: u, y: v } = to[index] as Point;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  const h = solve8(a, b);
  if (!h || h.some((value) => !Number.isFinite(value))) return null;
  return [...h, 1] as Homography;
}

export function applyHomography(h: Homography, point: Point): Point {
  const w = h[6] * point.x + h[7] * point.y + h[8];
  return {
    x: (h[0] * point.x + h[1] * point.y + h[2]) / w,
    y: (h[3] * point.x + h[4] * point.y + h[5]) / w,
  };
}

export interface RasterImage {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

/**
 * The `width`×`height` image whose pixel (x, y) is `source` at `toSource(x, y)`, bilinearly
 * interpolated; outside the source it is `fill` (one value per channel).
 */
export function warpImage(
  source: RasterImage,
  toSource: Homography,
  width: number,
  height: number,
  fill: readonly number[],
): RasterImage {
  const { data, width: sw, height: sh, channels } = source;
  const out = new Uint8Array(width * height * channels);
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = toSource;
  let offset = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const w = h6 * x + h7 * y + h8;
      const sx = (h0 * x + h1 * y + h2) / w;
      const sy = (h3 * x + h4 * y + h5) / w;
      if (!(sx >= 0 && sy >= 0 && sx <= sw - 1 && sy <= sh - 1)) {
        for (let c = 0; c < channels; c += 1) out[offset + c] = fill[c] ?? 0;
        offset += channels;
        continue;
      }
      const x0 = Math.min(sw - 2, Math.floor(sx));
      const y0 = Math.min(sh - 2, Math.floor(sy));
      const fx = sx - x0;
      const fy = sy - y0;
      const i00 = (y0 * sw + x0) * channels;
      const i10 = i00 + channels;
      const i01 = i00 + sw * channels;
      const i11 = i01 + channels;
      for (let c = 0; c < channels; c += 1) {
        const top = (data[i00 + c] as number) * (1 - fx) + (data[i10 + c] as number) * fx;
        const bottom = (data[i01 + c] as number) * (1 - fx) + (data[i11 + c] as number) * fx;
        out[offset + c] = top * (1 - fy) + bottom * fy + 0.5;
      }
      offset += channels;
    }
  }
  return { data: out, width, height, channels };
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Signed area (shoelace); positive when the corners turn clockwise in image coordinates. */
export function quadArea(quad: Quad): number {
  let sum = 0;
  for (let index = 0; index < 4; index += 1) {
    const a = quad[index] as Point;
    const b = quad[(index + 1) % 4] as Point;
    sum += a.x * b.y - b.x * a.y;
  }
  return sum / 2;
}

/** True when the quad is convex with its corners in clockwise order (as `Quad` requires). */
export function isConvexClockwise(quad: Quad): boolean {
  for (let index = 0; index < 4; index += 1) {
    const a = quad[index] as Point;
    const b = quad[(index + 1) % 4] as Point;
    const c = quad[(index + 2) % 4] as Point;
    const cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    if (cross <= 0) return false;
  }
  return true;
}

/** Convex hull (Andrew's monotone chain), clockwise in image coordinates (y down). */
export function convexHull(points: Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (sorted.length < 3) return sorted;
  const cross = (o: Point, a: Point, b: Point) =>
    (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Point[] = [];
  for (const point of sorted) {
    while (
      lower.length >= 2 &&
      cross(lower[lower.length - 2] as Point, lower[lower.length - 1] as Point, point) <= 0
    )
      lower.pop();
    lower.push(point);
  }
  const upper: Point[] = [];
  for (let index = sorted.length - 1; index >= 0; index -= 1) {
    const point = sorted[index] as Point;
    while (
      upper.length >= 2 &&
      cross(upper[upper.length - 2] as Point, upper[upper.length - 1] as Point, point) <= 0
    )
      upper.pop();
    upper.push(point);
  }
  lower.pop();
  upper.pop();
  // Counter-clockwise in y-up is clockwise with y down.
  return lower.concat(upper);
}

/**
 * The angle (radians) of the smallest-area rectangle around a convex hull (rotating calipers:
 * one side of that rectangle lies along a hull edge), folded into (−π/4, π/4].
 */
export function minAreaRectAngle(hull: Point[]): number {
  let bestArea = Number.POSITIVE_INFINITY;
  let bestAngle = 0;
  for (let index = 0; index < hull.length; index += 1) {
    const a = hull[index] as Point;
    const b = hull[(index + 1) % hull.length] as Point;
    const angle = Math.atan2(b.y - a.y, b.x - a.x);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    let minU = Number.POSITIVE_INFINITY;
    let maxU = Number.NEGATIVE_INFINITY;
    let minV = Number.POSITIVE_INFINITY;
    let maxV = Number.NEGATIVE_INFINITY;
    for (const p of hull) {
      const u = p.x * cos + p.y * sin;
      const v = -p.x * sin + p.y * cos;
      minU = Math.min(minU, u);
      maxU = Math.max(maxU, u);
      minV = Math.min(minV, v);
      maxV = Math.max(maxV, v);
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < bestArea) {
      bestArea = area;
      bestAngle = angle;
    }
  }
  let folded = bestAngle % (Math.PI / 2);
  if (folded > Math.PI / 4) folded -= Math.PI / 2;
  if (folded <= -Math.PI / 4) folded += Math.PI / 2;
  return folded;
}

/**
 * The four corners of a roughly rectangular convex shape: in the frame turned by the shape's
 * own angle, the hull points furthest towards each diagonal direction. Perspective (a keystone)
 * and rotation up to 45° keep each true corner the extreme one of its diagonal.
 */
export function quadFromHull(hull: Point[]): Quad | null {
  if (hull.length < 4) return null;
  const angle = minAreaRectAngle(hull);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const directions: [number, number][] = [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ];
  const corners = directions.map(([du, dv]) => {
    let best = hull[0] as Point;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const p of hull) {
      const u = p.x * cos + p.y * sin;
      const v = -p.x * sin + p.y * cos;
      const score = du * u + dv * v;
      if (score > bestScore) {
        bestScore = score;
        best = p;
      }
    }
    return best;
  }) as Quad;
  return isConvexClockwise(corners) ? corners : null;
}

/** Width and height of the flat rectangle a quad shows: its opposite sides' mean lengths. */
export function flatSize(quad: Quad): { width: number; height: number } {
  const [tl, tr, br, bl] = quad;
  return {
    width: (distance(tl, tr) + distance(bl, br)) / 2,
    height: (distance(tl, bl) + distance(tr, br)) / 2,
  };
}
