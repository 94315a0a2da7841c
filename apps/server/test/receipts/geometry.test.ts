import {
  applyHomography,
  convexHull,
  flatSize,
  homography,
  isConvexClockwise,
  type Point,
  type Quad,
  quadFromHull,
  warpImage,
} from '@server/receipts/reading/geometry';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** A w × h rectangle turned by `degrees` about its centre, keystoned (top side shorter by k). */
function placedRectangle(w: number, h: number, degrees: number, k: number, at: Point): Quad {
  const corners = [
    { x: (-w / 2) * (1 - k), y: -h / 2 },
    { x: (w / 2) * (1 - k), y: -h / 2 },
    { x: w / 2, y: h / 2 },
    { x: -w / 2, y: h / 2 },
  ];
  const angle = (degrees * Math.PI) / 180;
  return corners.map((p) => ({
    x: at.x + p.x * Math.cos(angle) - p.y * Math.sin(angle),
    y: at.y + p.x * Math.sin(angle) + p.y * Math.cos(angle),
  })) as Quad;
}

const unitSquare: Quad = [
  { x: 0, y: 0 },
  { x: 1, y: 0 },
  { x: 1, y: 1 },
  { x: 0, y: 1 },
];

describe('receipt geometry', () => {
  it('maps each corner of one quad onto the same corner of another', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 800 }),
        fc.integer({ min: 200, max: 1600 }),
        fc.double({ min: -20, max: 20, noNaN: true }),
        fc.double({ min: 0, max: 0.08, noNaN: true }),
        (w, h, degrees, k) => {
          const quad = placedRectangle(w, h, degrees, k, { x: 1500, y: 2000 });
          const h1 = homography(unitSquare, quad);
          expect(h1).not.toBeNull();
          quad.forEach((corner, index) => {
            const mapped = applyHomography(
              h1 as NonNullable<typeof h1>,
              unitSquare[index] as Point,
            );
            expect(mapped.x).toBeCloseTo(corner.x, 6);
            expect(mapped.y).toBeCloseTo(corner.y, 6);
          });
        },
      ),
    );
  });

  it('finds the four corners of a turned, keystoned rectangle from its hull, in order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 80, max: 300 }),
        fc.integer({ min: 150, max: 450 }),
        fc.double({ min: -20, max: 20, noNaN: true }),
        fc.double({ min: 0, max: 0.08, noNaN: true }),
        (w, h, degrees, k) => {
          const quad = placedRectangle(w, h, degrees, k, { x: 256, y: 256 });
          // Points along each side, as the outline of a region gives them.
          const points: Point[] = [];
          for (let side = 0; side < 4; side += 1) {
            const a = quad[side] as Point;
            const b = quad[(side + 1) % 4] as Point;
            for (let t = 0; t < 1; t += 0.05) {
              points.push({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
            }
          }
          const found = quadFromHull(convexHull(points));
          expect(found).not.toBeNull();
          found?.forEach((corner, index) => {
            expect(
              Math.hypot(corner.x - (quad[index] as Point).x, corner.y - (quad[index] as Point).y),
            ).toBeLessThan(1e-6);
          });
          expect(isConvexClockwise(found as Quad)).toBe(true);
        },
      ),
    );
  });

  it('measures the flat size of a quad from its opposite sides', () => {
    const size = flatSize(placedRectangle(300, 900, 15, 0, { x: 500, y: 500 }));
    expect(size.width).toBeCloseTo(300, 6);
    expect(size.height).toBeCloseTo(900, 6);
  });

  it('warps an image through a homography, filling outside the source', () => {
    const source = { data: Uint8Array.from([0, 100, 200, 255]), width: 2, height: 2, channels: 1 };
    // The identity: the same pixels.
    const identity = homography(unitSquare, unitSquare);
    expect(
      Array.from(warpImage(source, identity as NonNullable<typeof identity>, 2, 2, [7]).data),
    ).toEqual([0, 100, 200, 255]);
    // Shifted by two pixels: all outside.
    const shifted = homography(unitSquare, unitSquare.map((p) => ({ x: p.x + 2, y: p.y })) as Quad);
    expect(
      Array.from(warpImage(source, shifted as NonNullable<typeof shifted>, 2, 2, [7]).data),
    ).toEqual([7, 7, 7, 7]);
  });
});
