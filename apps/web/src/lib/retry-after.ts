/**
 * The seconds a `Retry-After` header asks to wait: a number of seconds or an HTTP date. Null
 * when there is none or it cannot be read.
 */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  // An HTTP date names its day and time ("Sat, 21 Nov 2026 12:01:30 GMT"); "-5" is no date.
  if (!/[A-Za-z]/.test(value) || !value.includes(':')) return null;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
