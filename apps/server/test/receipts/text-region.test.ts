import { planImage } from '@server/receipts/reading/image-variants';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

const LINES = ['CORNER SHOP', 'MILK 1.20', 'BREAD 2.40', 'TOTAL 3.60'];

/** A page of `width` × `height` with the lines printed at (x, y), and what else is drawn. */
function page(
  width: number,
  height: number,
  x: number,
  y: number,
  extra = '',
  background = '#fff',
) {
  const text = LINES.map(
    (line, index) => `<text x="${x}" y="${y + 30 + index * 40}">${line}</text>`,
  ).join('');
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
        `<rect width="100%" height="100%" fill="${background}"/>${extra}` +
        `<g font-family="DejaVu Sans Mono" font-size="28" fill="#111">${text}</g></svg>`,
    ),
  )
    .png()
    .toBuffer();
}

describe('planImage: where the print is', () => {
  it('finds a small receipt on a large scanned page, leaving specks far from it out', async () => {
    const specks = [
      [60, 70],
      [1500, 200],
      [90, 2000],
      [1400, 2100],
    ]
      .map(([cx, cy]) => `<circle cx="${cx}" cy="${cy}" r="2" fill="#000"/>`)
      .join('');
    const { region } = await planImage(await page(1600, 2200, 600, 900, specks));
    expect(region.left).toBeGreaterThan(540);
    expect(region.left).toBeLessThanOrEqual(600);
    expect(region.top).toBeGreaterThan(840);
    expect(region.top).toBeLessThanOrEqual(905);
    expect(region.left + region.width).toBeLessThan(900);
    expect(region.top + region.height).toBeLessThan(1150);
    // The lines are 28 px type: their ink is about that tall.
    expect(region.lineHeight).toBeGreaterThan(18);
    expect(region.lineHeight).toBeLessThan(36);
  });

  it('finds the paper of a photo taken on a dark table', async () => {
    const paper = '<rect x="300" y="150" width="500" height="700" fill="#f4f1ea"/>';
    const { region, outline, gray } = await planImage(
      await page(1100, 1000, 340, 200, paper, '#3a3a3a'),
    );
    // The paper's corners, as shares of the photo, within a few pixels of the small copy.
    const expected = [
      [300 / 1100, 150 / 1000],
      [800 / 1100, 150 / 1000],
      [800 / 1100, 850 / 1000],
      [300 / 1100, 850 / 1000],
    ];
    expect(outline).not.toBeNull();
    outline?.forEach((corner, index) => {
      expect(Math.abs(corner.x - (expected[index]?.[0] ?? 0))).toBeLessThan(0.015);
      expect(Math.abs(corner.y - (expected[index]?.[1] ?? 0))).toBeLessThan(0.015);
    });
    // The paper alone, flattened: its own proportions (5 × 7) and the print inside it.
    expect(gray.width / gray.height).toBeCloseTo(500 / 700, 1);
    expect(region.left).toBeGreaterThanOrEqual(0);
    expect(region.left + region.width).toBeLessThanOrEqual(gray.width);
  });

  it('keeps a column of prices far right of the names', async () => {
    const prices = ['1.20', '2.40', '3.60']
      .map((price, index) => `<text x="1000" y="${270 + index * 40}">${price}</text>`)
      .join('');
    const column = `<g font-family="DejaVu Sans Mono" font-size="28" fill="#111">${prices}</g>`;
    const { region } = await planImage(await page(1200, 600, 60, 200, column));
    expect(region.left + region.width).toBeGreaterThan(1060);
  });
});
