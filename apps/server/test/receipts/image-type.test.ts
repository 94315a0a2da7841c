import { sniffImageType } from '@server/receipts/image-type';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

/** The first bytes of an ISO-BMFF file whose ftyp box names these brands. */
function ftyp(major: string, compatible: readonly string[]): Buffer {
  const size = 16 + compatible.length * 4;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  for (const [index, brand] of compatible.entries()) box.write(brand, 16 + index * 4, 'latin1');
  return Buffer.concat([box, Buffer.alloc(64)]);
}

describe('recognising an upload by its bytes', () => {
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>');

  it('knows JPEG, PNG and WebP as sharp writes them', async () => {
    expect(sniffImageType(await sharp(svg).jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffImageType(await sharp(svg).png().toBuffer())).toBe('image/png');
    expect(sniffImageType(await sharp(svg).webp().toBuffer())).toBe('image/webp');
  });

  it('knows HEIC by its ftyp brand, major or compatible', () => {
    expect(sniffImageType(ftyp('heic', ['mif1', 'heic']))).toBe('image/heic');
    expect(sniffImageType(ftyp('mif1', ['heic', 'miaf']))).toBe('image/heic');
    expect(sniffImageType(ftyp('heix', []))).toBe('image/heic');
  });

  it('refuses AVIF, videos and other ISO-BMFF files', () => {
    expect(sniffImageType(ftyp('avif', ['mif1', 'miaf']))).toBeNull();
    expect(sniffImageType(ftyp('isom', ['iso2', 'mp41']))).toBeNull();
    expect(sniffImageType(ftyp('qt  ', []))).toBeNull();
  });

  it('refuses what only looks like an image by name or by a few bytes', () => {
    expect(sniffImageType(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });

  it('refuses an ftyp box whose size runs past the file', () => {
    const box = ftyp('heic', []);
    box.writeUInt32BE(1_000_000, 0);
    expect(sniffImageType(box)).toBeNull();
  });
});
