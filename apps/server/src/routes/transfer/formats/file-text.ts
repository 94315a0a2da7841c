import { HttpError, say } from '@server/http/http-error';

/**
 * A file's bytes as text. Settle Up writes UTF-16 with a byte order mark, most apps UTF-8 (with
 * or without one); a file in neither is refused rather than read as something it is not.
 */
export function textOfFile(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return new TextDecoder('utf-16le').decode(buffer);
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return new TextDecoder('utf-16be').decode(buffer);
  try {
    // `fatal`: a byte sequence that is not UTF-8 is an error, not a replacement character.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
  } catch {
    throw new HttpError(422, say('import_not_text'), { file: [say('import_not_text')] });
  }
}

/** The separator of a CSV file, from its first line with text: a tab, a semicolon or a comma. */
export function delimiterOf(text: string): string {
  const first = text.split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? '';
  const counts = ['\t', ';', ','].map((mark) => ({ mark, count: first.split(mark).length - 1 }));
  const best = counts.reduce((a, b) => (b.count > a.count ? b : a));
  return best.count > 0 ? best.mark : ',';
}

/** The first lines of a text with something on them, for telling a format apart. */
export function firstLines(text: string, count: number): string[] {
  const lines: string[] = [];
  let start = 0;
  while (lines.length < count && start < text.length) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    const line = text
      .slice(start, stop)
      .replace(/\r$/, '')
      .replace(/^\uFEFF/, '');
    if (line.trim() !== '') lines.push(line);
    start = stop + 1;
  }
  return lines;
}
