import { IBAN_LENGTHS } from './iban-countries';

/**
 * IBANs (ISO 13616) and BICs (ISO 9362), checked as banks check them before sending money:
 * the country's length and the mod-97 checksum, which catches every single mistyped character
 * and every swap of two neighbours.
 */

/** The IBAN as stored and put in a QR code: upper case, no spaces or dashes ("de89 3704…" → "DE893704…"). */
export function normaliseIban(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

/**
 * The remainder of the IBAN's number modulo 97, after moving its first four characters to the
 * end and writing each letter as two digits (A = 10 … Z = 35). A valid IBAN leaves 1.
 * Done nine digits at a time so every step stays a safe integer.
 */
function mod97(iban: string): number {
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (letter) =>
    String(letter.charCodeAt(0) - 55),
  );
  let remainder = 0;
  for (let at = 0; at < digits.length; at += 7) {
    remainder = Number(`${remainder}${digits.slice(at, at + 7)}`) % 97;
  }
  return remainder;
}

/**
 * Whether the text is an IBAN a bank accepts: a country that issues IBANs, that country's
 * length, letters and digits only, and check digits that leave a mod-97 remainder of 1.
 * Spaces, dashes and case are ignored.
 */
export function isIban(text: string): boolean {
  const iban = normaliseIban(text);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  if (IBAN_LENGTHS[iban.slice(0, 2)] !== iban.length) return false;
  return mod97(iban) === 1;
}

/** The IBAN in groups of four for reading and copying by hand ("DE89 3704 0044 …"). */
export function formatIban(text: string): string {
  return normaliseIban(text).replace(/(.{4})(?=.)/g, '$1 ');
}

/** The BIC as stored: upper case, no spaces. */
export function normaliseBic(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** Whether the text has a BIC's shape: bank (4 letters), country (2), place (2), branch (3, optional). */
export function isBic(text: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(normaliseBic(text));
}
