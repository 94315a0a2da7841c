import { z } from 'zod';
import { boundedText } from './primitives';

/** Longest handle, key or id of a payment service we keep, in characters. */
const HANDLE_MAX = 100;
/** Longest free text ("cash is fine", a sort code and account number…), in characters. */
const OTHER_MAX = 500;

const handle = boundedText(HANDLE_MAX).optional();

/** An IBAN's shape: country, check digits, 11 to 30 letters and digits (ISO 13616). */
const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;
/** A BIC's shape: bank, country, place, optional branch (ISO 9362). */
const BIC_SHAPE = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
/** The IBAN message, also used by the server's checksum check. */
export const INVALID_IBAN = 'This IBAN is not valid: check it for typos.';

/**
 * How a person can be paid (PUT …/users/{id}/payment-details, and each person of the event).
 * Every field may be left out or empty; the IBAN is stored without spaces and the BIC in upper
 * case, each with its shape checked here; the server checks the IBAN's country length and
 * mod-97 checksum with the domain's `isIban` (kept out of the contract, which every page loads).
 * They are personal: only the event's members see them, and exports carry them on request.
 */
export const paymentDetailsSchema = z.object({
  iban: z
    .string({ message: 'Must be text.' })
    .max(64, 'Must be at most 64 characters.')
    .transform((iban) => iban.replace(/[\s-]+/g, '').toUpperCase())
    .refine((iban) => iban === '' || IBAN_SHAPE.test(iban), INVALID_IBAN)
    .optional(),
  bic: z
    .string({ message: 'Must be text.' })
    .max(20, 'Must be at most 20 characters.')
    .transform((bic) => bic.replace(/\s+/g, '').toUpperCase())
    .refine((bic) => bic === '' || BIC_SHAPE.test(bic), 'A BIC has 8 or 11 letters and digits.')
    .optional(),
  account_holder: boundedText(70).optional(),
  paypal: handle,
  revolut: handle,
  wise: handle,
  venmo: handle,
  monzo: handle,
  lydia: handle,
  pix: handle,
  upi: handle,
  other: boundedText(OTHER_MAX).optional(),
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

/** Payment details as the server answers them (already checked and cleaned when stored). */
export const storedPaymentDetailsSchema = z.object({
  iban: z.string().optional(),
  bic: z.string().optional(),
  account_holder: z.string().optional(),
  paypal: z.string().optional(),
  revolut: z.string().optional(),
  wise: z.string().optional(),
  venmo: z.string().optional(),
  monzo: z.string().optional(),
  lydia: z.string().optional(),
  pix: z.string().optional(),
  upi: z.string().optional(),
  other: z.string().optional(),
});

/** The fields of `PaymentDetails`, in the order a form shows them. */
export const PAYMENT_DETAIL_FIELDS = [
  'iban',
  'bic',
  'account_holder',
  'paypal',
  'revolut',
  'wise',
  'venmo',
  'monzo',
  'lydia',
  'pix',
  'upi',
  'other',
] as const satisfies readonly (keyof PaymentDetails)[];

/**
 * The details without empty fields, or null when nothing is left: what is stored, so that
 * "no details" has one form.
 */
export function compactPaymentDetails(
  details: PaymentDetails | null | undefined,
): PaymentDetails | null {
  if (!details) return null;
  const kept = Object.fromEntries(
    Object.entries(details).filter(([, value]) => typeof value === 'string' && value !== ''),
  );
  return Object.keys(kept).length > 0 ? kept : null;
}
