import { crc32 } from 'node:zlib';
import {
  deepArrayText,
  deepObjectText,
  encodeSegment,
  toFieldText,
  toJsonText,
} from './fuzz-values';
import { MEGABYTE } from './nasty-values';
import type { BodyEncoding, FileKind } from './request-parts';

export interface EncodedBody {
  payload?: string | Buffer;
  contentType?: string;
}

/** A valid 1×1 PNG (a white pixel). */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A PNG whose header claims 100,000 × 100,000 pixels (ten billion): a decompression bomb's
 * shape, which a server must refuse by its header before it decodes anything.
 */
function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    TINY_PNG.subarray(0, 8),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The bytes of an uploaded file of that kind. */
export function fileBytes(kind: FileKind): { bytes: Buffer; type: string; name: string } {
  switch (kind) {
    case 'tiny-png':
      return { bytes: TINY_PNG, type: 'image/png', name: 'receipt.png' };
    case 'png-bomb':
      return { bytes: pngBomb(), type: 'image/png', name: 'bomb.png' };
    case 'png-garbage':
      return {
        bytes: Buffer.concat([TINY_PNG.subarray(0, 16), Buffer.alloc(500, 0xab)]),
        type: 'image/png',
        name: 'broken.png',
      };
    case 'jpeg-garbage':
      return {
        bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 0x11)]),
        type: 'image/jpeg',
        name: 'broken.jpg',
      };
    case 'random':
      return {
        bytes: Buffer.from(Array.from({ length: 700 }, (_, index) => (index * 197 + 13) % 256)),
        type: 'application/octet-stream',
        name: 'noise.bin',
      };
    case 'empty':
      return { bytes: Buffer.alloc(0), type: 'image/jpeg', name: 'empty.jpg' };
    case 'text':
      return {
        bytes: Buffer.from('<svg onload=alert(1)>'),
        type: 'image/png',
        name: '../../x.png',
      };
  }
}

const BOUNDARY = 'quitsfuzzboundary';

/**
 * A multipart body: every field of `body` as a text part, then one file in `field`.
 * `broken` > 0 breaks it in one of six ways (no closing boundary, no boundary parameter, a
 * wrong boundary, a file part without headers, a truncated file, parts with no name).
 */
function multipart(body: unknown, file: FileKind, field: string, broken: number): EncodedBody {
  const fields =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? Object.entries(body as Record<string, unknown>)
      : [['body', body] as const];
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    if (value === undefined) continue;
    const disposition = broken === 6 ? 'form-data' : `form-data; name="${name}"`;
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n${toFieldText(value)}\r\n`,
      ),
    );
  }
  const { bytes, type, name } = fileBytes(file);
  const fileHeaders =
    broken === 4
      ? ''
      : `Content-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n`;
  parts.push(Buffer.from(`--${BOUNDARY}\r\n${fileHeaders}\r\n`));
  parts.push(broken === 5 ? bytes.subarray(0, Math.floor(bytes.length / 2)) : bytes);
  if (broken !== 1 && broken !== 5) parts.push(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
  const contentType =
    broken === 2
      ? 'multipart/form-data'
      : broken === 3
        ? 'multipart/form-data; boundary=somethingelse'
        : `multipart/form-data; boundary=${BOUNDARY}`;
  return { payload: Buffer.concat(parts), contentType };
}

const BROKEN_JSON = [
  (text: string) => text.slice(0, Math.max(1, Math.floor(text.length / 2))),
  (text: string) => `${text},`,
  (text: string) => text.replaceAll('"', "'"),
  (text: string) => `${text}${text}`,
  (text: string) => `\uFEFF${text}`,
  (text: string) => `${text}\u0000`,
  (text: string) => text.replace(/:/, '::'),
  () => '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
  () => 'undefined',
  () => '{"a":1,"a":2}',
];

/** The body as the encoding says, and the Content-Type that goes with it. */
export function encodeBody(body: unknown, encoding: BodyEncoding): EncodedBody {
  const json = () => toJsonText(body === undefined ? {} : body);
  switch (encoding.kind) {
    case 'none':
      return {};
    case 'json':
      if (body === undefined) return {};
      return { payload: toJsonText(body), contentType: encoding.contentType };
    case 'empty':
      return { payload: '', contentType: encoding.contentType };
    case 'broken-json': {
      const breakIt = BROKEN_JSON[encoding.variant % BROKEN_JSON.length] ?? BROKEN_JSON[0];
      return { payload: breakIt?.(json()) ?? '{', contentType: 'application/json' };
    }
    case 'form': {
      const fields =
        body !== null && typeof body === 'object' && !Array.isArray(body)
          ? Object.entries(body as Record<string, unknown>)
          : [['body', body] as const];
      const text = fields
        .map(([key, value]) => `${encodeSegment(key)}=${encodeSegment(toFieldText(value))}`)
        .join('&');
      return { payload: text, contentType: 'application/x-www-form-urlencoded' };
    }
    case 'multipart':
      return multipart(body, encoding.file, encoding.field, encoding.broken);
    case 'invalid-utf8':
      return {
        payload: Buffer.concat([
          Buffer.from('{"name":"'),
          Buffer.from([0xff, 0xfe, 0xc0, 0x80, 0xed, 0xa0, 0x80]),
          Buffer.from('"}'),
        ]),
        contentType: 'application/json',
      };
    case 'oversize':
      return { payload: `{"name":"${'x'.repeat(MEGABYTE)}"}`, contentType: 'application/json' };
    case 'deep':
      return {
        payload: encoding.shape === 'array' ? deepArrayText(10_000) : deepObjectText(10_000),
        contentType: 'application/json',
      };
  }
}
