/**
 * Phone-like photos of receipts, made at bench time (never committed): each receipt image (a
 * scan of `../shared/receipts`, or a receipt drawn here) is laid on a table or fabric texture
 * in a 3000×4000 frame (12 MP, portrait, as phones shoot), with
 *
 * - perspective: one side of the paper up to 8 % shorter than its opposite (a keystone, the
 *   phone held not quite parallel to the table),
 * - rotation 0–20° either way (and, for some drawn receipts, upside down),
 * - uneven light: a linear gradient across the frame and a soft shadow (a hand or the phone),
 * - optical blur (Gaussian, σ 0.8–2.2 px at 12 MP), sensor noise (Gaussian, σ 3–8 levels),
 * - JPEG at quality 60–75.
 *
 * Everything is drawn from a seeded generator: the same seed gives the same photo. Where the
 * paper's corners land is returned, so a bench can check the reader's outline against it.
 */

import { homography, type Point, type Quad, warpImage } from '@server/receipts/reading/geometry';
import sharp from 'sharp';

export const PHOTO_WIDTH = 3000;
export const PHOTO_HEIGHT = 4000;

/** mulberry32: a small seeded generator of uniform numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (random: () => number, low: number, high: number) => low + random() * (high - low);

export type Background = 'wood' | 'fabric' | 'stone' | 'linen';
const BACKGROUNDS: Background[] = ['wood', 'fabric', 'stone', 'linen'];

export interface PhotoParams {
  background: Background;
  /** Degrees, clockwise; 180 added when upside down. */
  rotation: number;
  /** Share (0..0.08) by which one side is shorter than its opposite. */
  keystone: number;
  keystoneSide: 'top' | 'bottom' | 'left' | 'right';
  blurSigma: number;
  noiseSigma: number;
  quality: number;
  /** Darkest the shadow makes the frame (0.45–0.75 of full light). */
  shadowDepth: number;
}

export interface ReceiptPhoto {
  jpeg: Buffer;
  /** Where the paper's corners are in the photo (top-left of the printed text first). */
  quad: Quad;
  params: PhotoParams;
}

/** A table or fabric texture, drawn small and enlarged (soft, as out of focus behind paper). */
async function backgroundTexture(kind: Background, random: () => number): Promise<Buffer> {
  const width = 750;
  const height = 1000;
  const data = new Uint8Array(width * height * 3);
  const hue = random();
  const base: [number, number, number] =
    kind === 'wood'
      ? [130 + 40 * hue, 85 + 25 * hue, 50 + 15 * hue]
      : kind === 'fabric'
        ? [60 + 120 * hue, 70 + 60 * random(), 90 + 100 * (1 - hue)]
        : kind === 'stone'
          ? [95 + 30 * hue, 95 + 30 * hue, 100 + 30 * hue]
          : [175 + 20 * hue, 165 + 20 * hue, 145 + 15 * hue];
  const grain = between(random, 0.02, 0.06);
  const phase = random() * 100;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let shade = 1;
      if (kind === 'wood') {
        shade = 0.85 + 0.15 * Math.sin(y * grain + 6 * Math.sin(x * 0.01 + phase) + phase);
      } else if (kind === 'fabric') {
        shade = 0.85 + 0.15 * ((x >> 2) % 2 === (y >> 2) % 2 ? 1 : 0);
      } else if (kind === 'linen') {
        shade = 0.93 + 0.07 * Math.sin(x * 0.9) * Math.sin(y * 0.7);
      }
      shade *= 0.9 + 0.2 * random();
      const index = (y * width + x) * 3;
      for (let c = 0; c < 3; c += 1) {
        data[index + c] = Math.max(0, Math.min(255, (base[c] as number) * shade));
      }
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .resize(PHOTO_WIDTH, PHOTO_HEIGHT, { kernel: 'cubic' })
    .blur(1.5)
    .raw()
    .toBuffer();
}

/** Where the paper lands: a rectangle of the receipt's proportions, keystoned and turned. */
function placePaper(
  width: number,
  height: number,
  params: PhotoParams,
  random: () => number,
): Quad {
  const aspect = width / height;
  let paperHeight = PHOTO_HEIGHT * between(random, 0.6, 0.85);
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const paperWidth = Math.min(paperHeight * aspect, PHOTO_WIDTH * 0.85);
    const h = paperWidth / aspect;
    const k = params.keystone;
    // Corners around the centre, then one side shortened by the keystone.
    const hw = paperWidth / 2;
    const hh = h / 2;
    const corners: Point[] = [
      { x: -hw, y: -hh },
      { x: hw, y: -hh },
      { x: hw, y: hh },
      { x: -hw, y: hh },
    ];
    const shrink = (point: Point, towards: 'x' | 'y') => {
      point[towards] *= 1 - k;
    };
    if (params.keystoneSide === 'top') {
      shrink(corners[0] as Point, 'x');
      shrink(corners[1] as Point, 'x');
    } else if (params.keystoneSide === 'bottom') {
      shrink(corners[2] as Point, 'x');
      shrink(corners[3] as Point, 'x');
    } else if (params.keystoneSide === 'left') {
      shrink(corners[0] as Point, 'y');
      shrink(corners[3] as Point, 'y');
    } else {
      shrink(corners[1] as Point, 'y');
      shrink(corners[2] as Point, 'y');
    }
    const angle = (params.rotation * Math.PI) / 180;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const turned = corners.map((p) => ({ x: p.x * cos - p.y * sin, y: p.x * sin + p.y * cos }));
    const xs = turned.map((p) => p.x);
    const ys = turned.map((p) => p.y);
    const spanX = Math.max(...xs) - Math.min(...xs);
    const spanY = Math.max(...ys) - Math.min(...ys);
    const margin = 60;
    if (spanX < PHOTO_WIDTH - 2 * margin && spanY < PHOTO_HEIGHT - 2 * margin) {
      const cx = margin - Math.min(...xs) + random() * (PHOTO_WIDTH - 2 * margin - spanX);
      const cy = margin - Math.min(...ys) + random() * (PHOTO_HEIGHT - 2 * margin - spanY);
      return turned.map((p) => ({ x: p.x + cx, y: p.y + cy })) as Quad;
    }
    paperHeight *= 0.94;
  }
  throw new Error('the paper does not fit the frame');
}

/** Random photo settings within the bounds above. */
export function randomParams(random: () => number, upsideDown = false): PhotoParams {
  const turn = between(random, 0, 20) * (random() < 0.5 ? -1 : 1);
  return {
    background: BACKGROUNDS[Math.floor(random() * BACKGROUNDS.length)] as Background,
    rotation: upsideDown ? 180 + turn : turn,
    keystone: between(random, 0, 0.08),
    keystoneSide: (['top', 'bottom', 'left', 'right'] as const)[Math.floor(random() * 4)] as
      | 'top'
      | 'bottom'
      | 'left'
      | 'right',
    blurSigma: between(random, 0.8, 2.2),
    noiseSigma: between(random, 3, 8),
    quality: Math.round(between(random, 60, 75)),
    shadowDepth: between(random, 0.45, 0.75),
  };
}

/** Precomputed standard normal values (Box–Muller), indexed at random for speed. */
function normalTable(random: () => number): Float32Array {
  const table = new Float32Array(1 << 16);
  for (let index = 0; index < table.length; index += 2) {
    const u = Math.max(1e-9, random());
    const v = random();
    const r = Math.sqrt(-2 * Math.log(u));
    table[index] = r * Math.cos(2 * Math.PI * v);
    table[index + 1] = r * Math.sin(2 * Math.PI * v);
  }
  return table;
}

/** Turns a receipt image (any format sharp reads) into a phone-like photo. */
export async function photographReceipt(
  receipt: Buffer,
  seed: number,
  options: { upsideDown?: boolean } = {},
): Promise<ReceiptPhoto> {
  const random = seededRandom(seed);
  const params = randomParams(random, options.upsideDown ?? false);
  const paper = await sharp(receipt)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const source = {
    data: new Uint8Array(paper.data.buffer, paper.data.byteOffset, paper.data.length),
    width: paper.info.width,
    height: paper.info.height,
    channels: 4,
  };
  const quad = placePaper(source.width, source.height, params, random);
  const left = Math.floor(Math.min(...quad.map((p) => p.x)));
  const top = Math.floor(Math.min(...quad.map((p) => p.y)));
  const right = Math.ceil(Math.max(...quad.map((p) => p.x)));
  const bottom = Math.ceil(Math.max(...quad.map((p) => p.y)));
  const local = quad.map((p) => ({ x: p.x - left, y: p.y - top })) as Quad;
  const sourceCorners: Quad = [
    { x: 0, y: 0 },
    { x: source.width - 1, y: 0 },
    { x: source.width - 1, y: source.height - 1 },
    { x: 0, y: source.height - 1 },
  ];
  const toSource = homography(local, sourceCorners);
  if (!toSource) throw new Error('degenerate placement');
  const warped = warpImage(source, toSource, right - left, bottom - top, [0, 0, 0, 0]);

  const texture = await backgroundTexture(params.background, random);
  const composed = await sharp(texture, {
    raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 },
  })
    .composite([
      {
        input: Buffer.from(warped.data.buffer, warped.data.byteOffset, warped.data.length),
        raw: { width: warped.width, height: warped.height, channels: 4 },
        left,
        top,
      },
    ])
    .blur(params.blurSigma)
    .removeAlpha()
    .raw()
    .toBuffer();

  // Light: a linear gradient in a random direction and a soft elliptical shadow, computed on
  // a 1/8 grid and enlarged (light varies slowly), then sensor noise on every pixel.
  const pixels = new Uint8Array(composed.buffer, composed.byteOffset, composed.length);
  const gradientAngle = random() * 2 * Math.PI;
  const gx = Math.cos(gradientAngle) / PHOTO_WIDTH;
  const gy = Math.sin(gradientAngle) / PHOTO_HEIGHT;
  const gradientLow = between(random, 0.7, 0.85);
  const shadowX = between(random, 0, PHOTO_WIDTH);
  const shadowY = between(random, 0, PHOTO_HEIGHT);
  const shadowRadius = between(random, 700, 1500);
  const gridWidth = PHOTO_WIDTH / 8;
  const gridHeight = PHOTO_HEIGHT / 8;
  const grid = new Uint8Array(gridWidth * gridHeight);
  for (let row = 0; row < gridHeight; row += 1) {
    for (let column = 0; column < gridWidth; column += 1) {
      const x = column * 8 + 4;
      const y = row * 8 + 4;
      const along = 0.5 + (x - PHOTO_WIDTH / 2) * gx + (y - PHOTO_HEIGHT / 2) * gy;
      const gradient = gradientLow + (1.05 - gradientLow) * Math.min(1, Math.max(0, along));
      const d = Math.sqrt((x - shadowX) ** 2 + ((y - shadowY) * 0.6) ** 2) / shadowRadius;
      const shadow = d >= 1 ? 1 : params.shadowDepth + (1 - params.shadowDepth) * d * d;
      // Light as 0..255 for 0..1.1.
      grid[row * gridWidth + column] = Math.min(255, Math.round((gradient * shadow * 255) / 1.1));
    }
  }
  const lightMap = await sharp(grid, { raw: { width: gridWidth, height: gridHeight, channels: 1 } })
    .resize(PHOTO_WIDTH, PHOTO_HEIGHT, { kernel: 'linear' })
    .raw()
    .toBuffer();
  const noise = normalTable(random);
  let noiseIndex = Math.floor(random() * noise.length);
  const step = 7919;
  const mask = noise.length - 1;
  const sigma = params.noiseSigma;
  for (let index = 0, pixel = 0; pixel < lightMap.length; pixel += 1, index += 3) {
    const light = ((lightMap[pixel] as number) * 1.1) / 255;
    for (let c = 0; c < 3; c += 1) {
      noiseIndex = (noiseIndex + step) & mask;
      const value = (pixels[index + c] as number) * light + (noise[noiseIndex] as number) * sigma;
      pixels[index + c] = value < 0 ? 0 : Math.min(value, 255);
    }
  }
  const jpeg = await sharp(pixels, {
    raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 },
  })
    .jpeg({ quality: params.quality })
    .toBuffer();
  return { jpeg, quad, params };
}

/** A receipt drawn here: what it says, for scoring, and the event it would be read in. */
export interface DrawnReceipt {
  name: string;
  svg: string;
  total: number;
  currency: string;
  eventCurrency: string;
  date: string;
  merchant: string;
}

interface CurrencyStyle {
  code: string;
  eventCurrency: string;
  decimals: number;
  format: (value: number) => string;
}

const two = (value: number) => value.toFixed(2);
const comma = (value: number) => value.toFixed(2).replace('.', ',');
const thousands = (value: number) =>
  Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
const yen = (value: number) =>
  Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Receipts in the marks the issue names: codes, RM, €, £, ₫, CHF, and bare $ and ¥. */
const STYLES: CurrencyStyle[] = [
  { code: 'EUR', eventCurrency: 'EUR', decimals: 2, format: (v) => `${comma(v)} €` },
  { code: 'EUR', eventCurrency: 'USD', decimals: 2, format: (v) => `EUR ${two(v)}` },
  { code: 'GBP', eventCurrency: 'EUR', decimals: 2, format: (v) => `£${two(v)}` },
  { code: 'CHF', eventCurrency: 'EUR', decimals: 2, format: (v) => `CHF ${two(v)}` },
  { code: 'MYR', eventCurrency: 'SGD', decimals: 2, format: (v) => `RM ${two(v)}` },
  { code: 'VND', eventCurrency: 'VND', decimals: 0, format: (v) => `${thousands(v)} ₫` },
  { code: 'USD', eventCurrency: 'USD', decimals: 2, format: (v) => `$${two(v)}` },
  { code: 'CAD', eventCurrency: 'CAD', decimals: 2, format: (v) => `$${two(v)}` },
  { code: 'JPY', eventCurrency: 'JPY', decimals: 0, format: (v) => `¥${yen(v)}` },
  { code: 'EUR', eventCurrency: 'EUR', decimals: 2, format: (v) => two(v) },
];

const SHOPS = [
  'GREEN LEAF CAFE',
  'MARKET HALL BAKERY',
  'CORNER PHARMACY',
  'HARBOUR FISH BAR',
  'ALPINE SPORTS SHOP',
  'NOODLE HOUSE',
  'CITY HARDWARE STORE',
  'BLUE DOOR BISTRO',
];
const GOODS = [
  'Coffee',
  'Croissant',
  'Orange juice',
  'Sandwich',
  'Mineral water',
  'Salad bowl',
  'Chocolate',
  'Toothpaste',
  'Batteries AA',
  'Soup of the day',
  'Green tea',
  'Apple pie',
];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A till receipt in a monospace font: shop, date, items, total in one currency style. */
export function drawReceipt(index: number, seed: number): DrawnReceipt {
  const random = seededRandom(seed);
  const style = STYLES[index % STYLES.length] as CurrencyStyle;
  const merchant = SHOPS[Math.floor(random() * SHOPS.length)] as string;
  const scale = style.decimals === 0 ? (style.code === 'VND' ? 1000 : 100) : 1;
  const count = 2 + Math.floor(random() * 5);
  const items: [string, number][] = [];
  for (let i = 0; i < count; i += 1) {
    const price =
      style.decimals === 0
        ? Math.round(between(random, 5, 90)) * scale
        : Math.round(between(random, 1, 40) * 20) / 20;
    items.push([GOODS[Math.floor(random() * GOODS.length)] as string, price]);
  }
  const total = Math.round(items.reduce((sum, [, price]) => sum + price, 0) * 100) / 100;
  const day = 1 + Math.floor(random() * 28);
  const month = 1 + Math.floor(random() * 12);
  const year = 2024 + Math.floor(random() * 2);
  const pad = (n: number) => n.toString().padStart(2, '0');
  const date = `${year}-${pad(month)}-${pad(day)}`;
  const width = 34;
  const line = (left: string, right: string) =>
    `${left}${' '.repeat(Math.max(1, width - left.length - right.length))}${right}`;
  const lines = [
    merchant,
    `${12 + Math.floor(random() * 80)} Station Road`,
    `Tel 0${Math.floor(random() * 1e9)}`,
    '',
    // US receipts write the month first.
    `Date ${style.code === 'USD' ? `${pad(month)}/${pad(day)}` : `${pad(day)}/${pad(month)}`}/${year}  ${pad(8 + Math.floor(random() * 12))}:${pad(Math.floor(random() * 60))}`,
    '-'.repeat(width),
    ...items.map(([name, price]) => line(name, style.format(price))),
    '-'.repeat(width),
    line('TOTAL', style.format(total)),
    line('CASH', style.format(Math.ceil(total / scale / 10) * 10 * scale)),
    '',
    '   THANK YOU, COME AGAIN',
  ];
  const fontSize = 26;
  const lineHeight = 36;
  const svgWidth = 620;
  const svgHeight = 80 + lines.length * lineHeight;
  const text = lines
    .map(
      (content, row) =>
        `<text x="30" y="${60 + row * lineHeight}" xml:space="preserve">${escapeXml(content)}</text>`,
    )
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${svgWidth}" height="${svgHeight}">` +
    `<rect width="100%" height="100%" fill="#fbfaf6"/>` +
    `<g font-family="DejaVu Sans Mono" font-size="${fontSize}" fill="#202020">${text}</g></svg>`;
  return {
    name: `drawn-${index.toString().padStart(2, '0')}-${style.code.toLowerCase()}`,
    svg,
    total,
    currency: style.code,
    eventCurrency: style.eventCurrency,
    date,
    merchant,
  };
}

/** The drawn receipt as a PNG, as a scanner would give it. */
export async function renderDrawnReceipt(receipt: DrawnReceipt): Promise<Buffer> {
  return sharp(Buffer.from(receipt.svg)).png().toBuffer();
}
