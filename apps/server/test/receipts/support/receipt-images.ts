import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** The lines of the test receipt; its total is 23.40. */
export const RECEIPT_LINES = [
  'CAFE LUNA',
  '12/03/2024',
  '',
  'CAPPUCCINO      4.50',
  'CROISSANT       3.90',
  'PASTA          15.00',
  '',
  'TOTAL          23.40',
] as const;

/** A receipt as a phone would photograph a clean one: big black print on white, as SVG. */
export function receiptSvg(lines: readonly string[] = RECEIPT_LINES): Buffer {
  const lineHeight = 64;
  const text = lines
    .map(
      (line, index) =>
        `<text x="40" y="${90 + index * lineHeight}" xml:space="preserve">${line}</text>`,
    )
    .join('');
  const height = 120 + lines.length * lineHeight;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="${height}">` +
      `<rect width="100%" height="100%" fill="#fff"/>` +
      `<g font-family="DejaVu Sans Mono" font-size="44" font-weight="bold" fill="#000">${text}</g>` +
      '</svg>',
  );
}

export const receiptPng = () => sharp(receiptSvg()).png().toBuffer();
export const receiptJpeg = () => sharp(receiptSvg()).jpeg({ quality: 90 }).toBuffer();
export const receiptWebp = () => sharp(receiptSvg()).webp({ quality: 90 }).toBuffer();

/**
 * A JPEG 300 × 200 pixels as stored (left half black, right half white) whose EXIF says
 * "rotate 90° clockwise to display" (orientation 6), with a GPS position and a camera name.
 * Upright it is 200 × 300 with the black half on top.
 */
export async function sidewaysJpegWithGps(): Promise<Buffer> {
  const halves = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">' +
      '<rect width="300" height="200" fill="#fff"/><rect width="150" height="200" fill="#000"/>' +
      '</svg>',
  );
  return sharp(halves)
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Receipt Cam 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 24/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 3/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** One PNG chunk: length, type, data and the CRC-32 of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A small, well-formed PNG file whose header claims `width` × `height` RGB pixels: decoding
 * it would need width × height × 3 bytes; its few bytes of image data decode to nothing.
 */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bits per channel
  header.writeUInt8(2, 9); // colour type: RGB
  // compression, filter and interlace methods: 0 (the only ones defined)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    // An empty zlib stream (deflate, no data): far too little for the claimed rows.
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
