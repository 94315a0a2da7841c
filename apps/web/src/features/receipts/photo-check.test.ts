import { RECEIPT_LIMITS } from '@quits/contract';
import { describe, expect, it } from 'vitest';
import { photoProblem } from './photo-check';

const file = (type: string, size = 1000, name = 'receipt') => ({ type, size, name });

describe('a photo checked before upload', () => {
  it('takes the types the server reads, HEIF by its other name too', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']) {
      expect(photoProblem(file(type))).toBeNull();
    }
  });

  it('takes an iPhone photo the browser gives no type, by its name', () => {
    expect(photoProblem(file('', 1000, 'IMG_0042.HEIC'))).toBeNull();
    expect(photoProblem(file('', 1000, 'scan.heif'))).toBeNull();
  });

  it('refuses what is not such a photo', () => {
    for (const type of ['image/gif', 'application/pdf', 'text/plain', 'image/svg+xml']) {
      expect(photoProblem(file(type))).toBe('wrong-type');
    }
    expect(photoProblem(file('', 1000, 'notes.txt'))).toBe('wrong-type');
  });

  it('refuses a file over the server limit, and takes one exactly at it', () => {
    expect(photoProblem(file('image/jpeg', RECEIPT_LIMITS.maxBytes))).toBeNull();
    expect(photoProblem(file('image/jpeg', RECEIPT_LIMITS.maxBytes + 1))).toBe('too-large');
  });
});
