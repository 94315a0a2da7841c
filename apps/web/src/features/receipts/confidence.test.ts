import { describe, expect, it } from 'vitest';
import { confidenceLevel } from './confidence';

describe('how sure a reading is, in words', () => {
  it('looks right from 0.7, asks to check from 0.4, and says it read badly below', () => {
    expect(confidenceLevel(0.97, true)).toBe('good');
    expect(confidenceLevel(0.7, true)).toBe('good');
    expect(confidenceLevel(0.69, true)).toBe('check');
    expect(confidenceLevel(0.4, true)).toBe('check');
    expect(confidenceLevel(0.39, true)).toBe('poor');
  });

  it('says it read badly when no total was found, however sure the rest is', () => {
    expect(confidenceLevel(0.99, false)).toBe('poor');
  });
});
