import { assertMinorUnits, toMajorString } from './money';

/**
 * The European Payments Council's "SEPA Credit Transfer" QR code (EPC069-12, the "GiroCode"):
 * a text of lines that a banking app scans to fill in a euro transfer. Version 002 makes the
 * BIC optional inside the EEA; character set 1 is UTF-8.
 */

/** Longest texts the standard allows per field, in characters. */
export const EPC_LIMITS = {
  bic: 11,
  name: 70,
  iban: 34,
  /** Unstructured remittance information ("Quits: <event name>"). */
  remittance: 140,
  /** The whole payload, in bytes of UTF-8. */
  payload: 331,
} as const;

/** Smallest and largest amounts the standard allows, in euro cents. */
export const EPC_MIN_CENTS = 1;
export const EPC_MAX_CENTS = 99_999_999_999;

export interface EpcTransfer {
  /** The account holder, as the bank knows them. */
  name: string;
  /** An IBAN in electronic format (no spaces). */
  iban: string;
  /** A BIC, or empty when unknown (allowed by version 002). */
  bic?: string;
  /** The amount in euro cents. */
  cents: number;
  /** Free text the payee reads on their statement. */
  remittance: string;
}

/** The first `max` characters (code points, so no emoji is cut in half), trimmed. */
function clip(text: string, max: number): string {
  return Array.from(text.replace(/[\r\n]+/g, ' ').trim())
    .slice(0, max)
    .join('')
    .trim();
}

/**
 * The QR code's text for a euro transfer, fields clipped to the standard's lengths, or null
 * when no banking app would accept it (no name, no IBAN, an amount outside 0.01–999,999,999.99).
 *
 * Lines: BCD · 002 · 1 · SCT · BIC · name · IBAN · EUR<amount> · purpose (empty) ·
 * structured reference (empty) · unstructured remittance. Trailing empty lines are left out.
 *
 * @param transfer amount in euro cents
 */
export function epcQrPayload(transfer: EpcTransfer): string | null {
  assertMinorUnits(transfer.cents, 'cents');
  const name = clip(transfer.name, EPC_LIMITS.name);
  const iban = transfer.iban.replace(/\s+/g, '').toUpperCase();
  if (!name || !iban || iban.length > EPC_LIMITS.iban) return null;
  if (transfer.cents < EPC_MIN_CENTS || transfer.cents > EPC_MAX_CENTS) return null;
  const bic = (transfer.bic ?? '').replace(/\s+/g, '').toUpperCase();
  const lines = [
    'BCD',
    '002',
    '1',
    'SCT',
    bic.length === 8 || bic.length === 11 ? bic : '',
    name,
    iban,
    `EUR${toMajorString(transfer.cents, 2)}`,
    '',
    '',
    clip(transfer.remittance, EPC_LIMITS.remittance),
  ];
  while (lines.at(-1) === '') lines.pop();
  let payload = lines.join('\n');
  // Multi-byte names can push the text past the byte limit: the remittance gives way first.
  while (new TextEncoder().encode(payload).length > EPC_LIMITS.payload && lines.length > 8) {
    const last = lines.length - 1;
    lines[last] = Array.from(lines[last] ?? '')
      .slice(0, -1)
      .join('');
    if (lines[last] === '') lines.splice(8);
    payload = lines.join('\n');
  }
  return payload;
}

/** The reference a Quits transfer carries: "Quits: <event name>". */
export function quitsRemittance(eventName: string): string {
  return clip(`Quits: ${eventName}`, EPC_LIMITS.remittance);
}
