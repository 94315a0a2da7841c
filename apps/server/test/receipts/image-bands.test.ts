import { splitAtBlankRow } from '@server/receipts/reading/image-bands';
import { describe, expect, it } from 'vitest';

/** A white image of `height` rows, 100 wide, with ink on the rows `inked` says. */
function image(height: number, inked: (row: number) => boolean) {
  const width = 100;
  const data = new Uint8Array(width * height).fill(255);
  for (let row = 0; row < height; row += 1) {
    if (inked(row)) data.fill(0, row * width, row * width + 60);
  }
  return { data, width, height };
}

describe('splitAtBlankRow', () => {
  it('cuts printed lines at the blank row nearest the middle, keeping every row', () => {
    // Lines of 8 inked rows with 4 blank rows between them.
    const lines = image(200, (row) => row % 12 < 8);
    const bands = splitAtBlankRow(lines);
    expect(bands).toHaveLength(2);
    const [top, bottom] = bands;
    expect((top?.height ?? 0) + (bottom?.height ?? 0)).toBe(200);
    expect(Math.abs((top?.height ?? 0) - 100)).toBeLessThanOrEqual(6);
    // The cut row itself is blank: no printed line is cut through.
    const cut = top?.height ?? 0;
    expect(cut % 12).toBeGreaterThanOrEqual(8);
    expect(bottom?.data[0]).toBe(255);
  });

  it('keeps the image whole when no row near the middle is blank', () => {
    const solid = image(200, () => true);
    expect(splitAtBlankRow(solid)).toEqual([solid]);
  });
});
