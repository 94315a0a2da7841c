import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { photographReceipt } from '../../../../bench/support/receipt-photos';

/**
 * The test receipt: a trattoria's bill with a 10 % service charge, so that the total (30.80)
 * is not the items' sum (28.00) and a split by items spreads the difference.
 */
export const RECEIPT = {
  lines: [
    'TRATTORIA ROMA',
    '14/11/2026',
    '',
    'PASTA          12.50',
    'PIZZA           9.00',
    'TIRAMISU        6.50',
    '',
    'TOTAL          30.80',
  ],
  merchant: /TRATTORIA ROMA/i,
  isoDate: '2026-11-14',
  total: 3080,
} as const;

/** The receipt as SVG: big black print on white paper, as a clean photographed receipt. */
function receiptSvg(lines: readonly string[]): Buffer {
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
      '<rect width="100%" height="100%" fill="#fff"/>' +
      `<g font-family="DejaVu Sans Mono" font-size="44" font-weight="bold" fill="#000">${text}</g>` +
      '</svg>',
  );
}

/** The receipt as a phone's photo file, for the file picker. */
export function receiptJpeg(lines: readonly string[] = RECEIPT.lines): Promise<Buffer> {
  return sharp(receiptSvg(lines)).jpeg({ quality: 90 }).toBuffer();
}

/** Frame size of the fake camera: portrait, as a phone held over a receipt; even for 4:2:0. */
const FRAME = { width: 960, height: 1280 };

/**
 * Writes a one-frame Y4M video (Chromium loops it) of the receipt lying on a light grey table,
 * for `--use-file-for-fake-video-capture`: what the fake camera films.
 */
export async function writeReceiptVideo(
  path: string,
  lines: readonly string[] = RECEIPT.lines,
): Promise<void> {
  const paper = await sharp(receiptSvg(lines)).png().toBuffer();
  const paperSize = await sharp(paper).metadata();
  const { data } = await sharp({
    create: { ...FRAME, channels: 3, background: { r: 205, g: 205, b: 200 } },
  })
    .composite([
      {
        input: paper,
        left: Math.round((FRAME.width - (paperSize.width ?? 0)) / 2),
        top: Math.round((FRAME.height - (paperSize.height ?? 0)) / 2),
      },
    ])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  await writeY4m(path, data);
}

/** A one-frame Y4M video of FRAME-sized RGB pixels. */
async function writeY4m(path: string, rgb: Buffer): Promise<void> {
  const header = `YUV4MPEG2 W${FRAME.width} H${FRAME.height} F30:1 Ip A1:1 C420jpeg\nFRAME\n`;
  await writeFile(path, Buffer.concat([Buffer.from(header, 'latin1'), rgbToI420(rgb)]));
}

/**
 * A pub's bill in pounds (`£` beside every amount), for an event kept in another currency:
 * the reader must answer GBP because the receipt prints it.
 */
export const POUND_RECEIPT = {
  lines: [
    'THE CROWN INN',
    '12/10/2026',
    '',
    'FISH AND CHIPS  £14.50',
    'ALE              £5.20',
    'TOFFEE PUDDING   £6.25',
    '',
    'TOTAL           £25.95',
  ],
  merchant: 'THE CROWN INN',
  total: 2595,
  currency: 'GBP',
} as const;

/**
 * Writes a Y4M video of the receipt as a phone photographs it: on a wooden table, turned,
 * in perspective, in uneven light, a little blurred and noisy (the bench's photo generator,
 * bench/support/receipt-photos.ts), brought down to the fake camera's frame.
 */
export async function writePhotoReceiptVideo(
  path: string,
  lines: readonly string[],
  seed: number,
): Promise<void> {
  const paper = await sharp(receiptSvg(lines)).png().toBuffer();
  const photo = await photographReceipt(paper, seed);
  const { data } = await sharp(photo.jpeg)
    .resize(FRAME.width, FRAME.height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  await writeY4m(path, data);
}

/** RGB bytes of FRAME to planar YUV 4:2:0 (full-range BT.601, as JPEG uses), chroma averaged. */
function rgbToI420(rgb: Buffer): Buffer {
  const { width, height } = FRAME;
  const luma = Buffer.alloc(width * height);
  const chromaWidth = width / 2;
  const u = Buffer.alloc((width * height) / 4);
  const v = Buffer.alloc((width * height) / 4);
  const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const [r, g, b] = [rgb[at] ?? 0, rgb[at + 1] ?? 0, rgb[at + 2] ?? 0];
      luma[y * width + x] = clamp(0.299 * r + 0.587 * g + 0.114 * b);
    }
  }
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const at = ((y + dy) * width + x + dx) * 3;
        r += (rgb[at] ?? 0) / 4;
        g += (rgb[at + 1] ?? 0) / 4;
        b += (rgb[at + 2] ?? 0) / 4;
      }
      const index = (y / 2) * chromaWidth + x / 2;
      u[index] = clamp(-0.168736 * r - 0.331264 * g + 0.5 * b + 128);
      v[index] = clamp(0.5 * r - 0.418688 * g - 0.081312 * b + 128);
    }
  }
  return Buffer.concat([luma, u, v]);
}
