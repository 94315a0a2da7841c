/** `Content-Disposition: attachment` (saved, not shown) naming the file `name`.`extension`. */
export function attachment(name: string, extension: string): string {
  return contentDisposition('attachment', name, extension);
}

/**
 * A `Content-Disposition` naming the file `name`.`extension` (RFC 6266): an ASCII `filename`
 * for old clients (other characters become "_") and the exact name as UTF-8 in `filename*`
 * (RFC 8187). Path separators and control characters never reach either. `inline` lets the
 * browser show the file; `attachment` saves it.
 */
export function contentDisposition(
  kind: 'inline' | 'attachment',
  name: string,
  extension: string,
): string {
  const safe =
    [...name]
      .map((char) => (isControl(char) || char === '/' || char === '\\' ? ' ' : char))
      .join('')
      .replace(/\s+/g, ' ')
      .replace(/^[.\s]+/, '')
      .trim() || 'event';
  const fileName = `${safe}.${extension}`;
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function isControl(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code < 0xa0);
}
