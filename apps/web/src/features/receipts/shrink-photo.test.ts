import { describe, expect, it } from 'vitest';
import { fitWithin } from './shrink-photo';

describe('a photo fitted within the upload size', () => {
  it('shrinks the longest side to the limit, keeping the proportions', () => {
    expect(fitWithin(4000, 3000, 2000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(3024, 4032, 2000)).toEqual({ width: 1500, height: 2000 });
  });

  it('never enlarges a small photo', () => {
    expect(fitWithin(1280, 960, 2000)).toEqual({ width: 1280, height: 960 });
    expect(fitWithin(2000, 10, 2000)).toEqual({ width: 2000, height: 10 });
  });

  it('keeps at least one pixel of a very long, thin strip', () => {
    expect(fitWithin(100_000, 20, 2000)).toEqual({ width: 2000, height: 1 });
  });
});
