import { findDocument } from '@server/receipts/reading/document-finder';
import { evenLight, printSlant, turnHalf } from '@server/receipts/reading/photo-flattening';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

/** Grey pixels of an SVG drawing. */
async function gray(svg: string) {
  const { data, info } = await sharp(Buffer.from(svg))
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

const lines = (count: number, transform = '') =>
  `<g transform="${transform}" font-family="DejaVu Sans Mono" font-size="14" fill="#000">${Array.from(
    { length: count },
    (_, index) => `<text x="60" y="${60 + index * 22}">ITEM ${index} PRICE 12.${index}0</text>`,
  ).join('')}</g>`;

describe('a photo made to read like a scan', () => {
  it('evens out a shadow and a gradient: the paper white, the print dark', async () => {
    const image = await gray(
      `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600">
        <defs><linearGradient id="g"><stop offset="0" stop-color="#707070"/><stop offset="1" stop-color="#f0f0f0"/></linearGradient></defs>
        <rect width="400" height="600" fill="url(#g)"/>${lines(20)}</svg>`,
    );
    const even = evenLight(image);
    // Paper in the dark and in the bright part alike near white.
    expect(even.data[300 * 400 + 10]).toBeGreaterThan(225);
    expect(even.data[300 * 400 + 390]).toBeGreaterThan(225);
    // Ink stays far darker than paper.
    const darkest = even.data.reduce((low, value) => Math.min(low, value), 255);
    expect(darkest).toBeLessThan(80);
  });

  it('measures the slant of the print up to 20° either way', async () => {
    for (const degrees of [-15, -6, 0, 9, 18]) {
      const image = await gray(
        `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="700"><rect width="500" height="700" fill="#fff"/>${lines(20, `rotate(${degrees} 250 350)`)}</svg>`,
      );
      expect(Math.abs(printSlant(image) - degrees)).toBeLessThanOrEqual(1);
    }
  });

  it('turns an image half a turn, and back', async () => {
    const image = { data: Uint8Array.from([1, 2, 3, 4, 5, 6]), width: 3, height: 2 };
    expect(Array.from(turnHalf(image).data)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(turnHalf(turnHalf(image))).toEqual(image);
  });

  it('finds a turned sheet on a wooden table, and nothing on a scan', async () => {
    const photo = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="384" height="512"><rect width="384" height="512" fill="#8a5a32"/>
        <polygon points="120,60 300,100 250,460 70,420" fill="#f2f0ea"/></svg>`,
      ),
    )
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const found = findDocument({ data: new Uint8Array(photo.data), ...photo.info });
    const expected = [
      [120, 60],
      [300, 100],
      [250, 460],
      [70, 420],
    ];
    expect(found).not.toBeNull();
    found?.quad.forEach((corner, index) => {
      expect(
        Math.hypot(corner.x - (expected[index]?.[0] ?? 0), corner.y - (expected[index]?.[1] ?? 0)),
      ).toBeLessThan(5);
    });
    const scan = await sharp({
      create: { width: 384, height: 512, channels: 3, background: '#fafafa' },
    })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(findDocument({ data: new Uint8Array(scan.data), ...scan.info })).toBeNull();
  });
});
