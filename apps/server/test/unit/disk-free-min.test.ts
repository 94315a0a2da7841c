import { readConfig } from '@server/config';
import { floorBytes } from '@server/disk/disk-config';
import { describe, expect, it } from 'vitest';

const MB = 1024 ** 2;
const GB = 1024 ** 3;
const floorOf = (value: string | undefined, totalBytes: number) =>
  floorBytes(readConfig({ DISK_FREE_MIN: value }).DISK_FREE_MIN, totalBytes);

describe('DISK_FREE_MIN', () => {
  it('keeps 256 MB free by default, 5 % of a small disk, and never less than 32 MB', () => {
    expect(floorOf(undefined, 100 * GB)).toBe(256 * MB);
    expect(floorOf('', 2 * GB)).toBe(Math.round(0.05 * 2 * GB));
    expect(floorOf(undefined, 100 * MB)).toBe(32 * MB);
  });

  it('takes a size, a share of the disk, or 0 for none', () => {
    expect(floorOf('512MB', 100 * GB)).toBe(512 * MB);
    expect(floorOf('1.5 GB', 100 * GB)).toBe(1.5 * GB);
    expect(floorOf('10%', 10 * GB)).toBe(GB);
    expect(floorOf('0', 10 * GB)).toBe(0);
  });

  it('names the variable when the value is not a size', () => {
    expect(() => readConfig({ DISK_FREE_MIN: '256' })).toThrow(
      /DISK_FREE_MIN must be a size such as 256MB, 2GB or 5%, or 0/,
    );
    expect(() => readConfig({ DISK_FREE_MIN: '120%' })).toThrow(/must be less than 100%/);
  });
});
