import { epcQrPayload, quitsRemittance } from './epc-qr';
import { formatIban, isIban, normaliseIban } from './iban';
import { assertMinorUnits, toMajorString } from './money';

/**
 * How a person can be paid, as they wrote it: any field may be empty. Plain strings so the
 * domain stays apart from the API's schema, which has the same names.
 */
export interface PaymentDetailsInput {
  iban?: string | null;
  bic?: string | null;
  account_holder?: string | null;
  paypal?: string | null;
  revolut?: string | null;
  wise?: string | null;
  venmo?: string | null;
  monzo?: string | null;
  lydia?: string | null;
  pix?: string | null;
  upi?: string | null;
  other?: string | null;
}

/** The services reached by a link, in the order they are offered. */
export const LINK_SERVICES = ['paypal', 'revolut', 'wise', 'venmo', 'monzo', 'upi'] as const;
export type LinkService = (typeof LINK_SERVICES)[number];
/** The services that give a key or number to copy into the payer's own app. */
export const COPY_SERVICES = ['lydia', 'pix'] as const;
export type CopyService = (typeof COPY_SERVICES)[number];

export type PaymentOption =
  | { kind: 'epc'; payload: string }
  | { kind: 'iban'; iban: string; bic: string; holder: string }
  | { kind: 'link'; service: LinkService; url: string; withAmount: boolean }
  | { kind: 'copy'; service: CopyService; value: string }
  | { kind: 'text'; text: string };

export interface TransferToPay {
  /** The amount in minor units of `currency`. */
  amount: number;
  /** ISO 4217 code of the amount. */
  currency: string;
  /** Minor-unit digits of `currency`. */
  decimals: number;
  /** The payee's name in the event, when no account holder is given. */
  payeeName: string;
  /** The event's name, for the reference "Quits: <event name>". */
  eventName: string;
}

/**
 * The handle alone from what a person may paste: "@ana", "paypal.me/ana",
 * "https://www.paypal.com/paypalme/ana/" → "ana". Empty when nothing is left.
 */
export function paymentHandle(text: string | null | undefined): string {
  const trimmed = (text ?? '').trim();
  const path = trimmed
    .replace(/^[a-z]+:\/\/[^/]+\/?/i, '')
    .replace(/^(www\.)?[a-z.]+\.[a-z]+\//i, '');
  const withoutPrefix = path.replace(/^(paypalme|pay\/me|u)\//i, '');
  return withoutPrefix.split(/[/?#]/)[0]?.replace(/^[@$]/, '') ?? '';
}

/**
 * The link to pay a handle on a service, with the amount filled in where the service takes one
 * in its address: PayPal.me in any currency, Venmo in US dollars, Monzo in pounds, UPI in
 * rupees. Revolut and Wise links open the person's page, where the payer types the amount.
 *
 * @param transfer amount in minor units of its currency
 */
export function paymentLink(
  service: LinkService,
  rawHandle: string,
  transfer: TransferToPay,
): { url: string; withAmount: boolean } | null {
  const handle = service === 'upi' ? rawHandle.trim() : paymentHandle(rawHandle);
  if (!handle) return null;
  assertMinorUnits(transfer.amount);
  const major = toMajorString(transfer.amount, transfer.decimals);
  const id = encodeURIComponent(handle);
  const note = encodeURIComponent(quitsRemittance(transfer.eventName));
  switch (service) {
    case 'paypal':
      return { url: `https://paypal.me/${id}/${major}${transfer.currency}`, withAmount: true };
    case 'revolut':
      return { url: `https://revolut.me/${id}`, withAmount: false };
    case 'wise':
      return { url: `https://wise.com/pay/me/${id}`, withAmount: false };
    case 'venmo':
      return transfer.currency === 'USD'
        ? { url: `https://venmo.com/${id}?txn=pay&amount=${major}&note=${note}`, withAmount: true }
        : { url: `https://venmo.com/${id}`, withAmount: false };
    case 'monzo':
      return transfer.currency === 'GBP'
        ? { url: `https://monzo.me/${id}/${major}?d=${note}`, withAmount: true }
        : { url: `https://monzo.me/${id}`, withAmount: false };
    case 'upi': {
      const name = encodeURIComponent(transfer.payeeName);
      const base = `upi://pay?pa=${id}&pn=${name}&tn=${note}`;
      return transfer.currency === 'INR'
        ? { url: `${base}&am=${major}&cu=INR`, withAmount: true }
        : { url: base, withAmount: false };
    }
  }
}

/**
 * Every way to pay this transfer from the payee's details, most direct first: the EPC QR code
 * (euro transfers to a valid IBAN), the IBAN to copy, links, keys to copy, then free text.
 *
 * @param transfer amount in minor units of its currency
 */
export function paymentOptions(
  details: PaymentDetailsInput | null | undefined,
  transfer: TransferToPay,
): PaymentOption[] {
  if (!details) return [];
  const options: PaymentOption[] = [];
  const iban = normaliseIban(details.iban ?? '');
  if (iban && isIban(iban)) {
    const holder = details.account_holder?.trim() || transfer.payeeName;
    const bic = details.bic?.trim() ?? '';
    if (transfer.currency === 'EUR') {
      const payload = epcQrPayload({
        name: holder,
        iban,
        bic,
        cents: transfer.amount,
        remittance: quitsRemittance(transfer.eventName),
      });
      if (payload) options.push({ kind: 'epc', payload });
    }
    options.push({ kind: 'iban', iban: formatIban(iban), bic, holder });
  }
  for (const service of LINK_SERVICES) {
    const link = paymentLink(service, details[service] ?? '', transfer);
    if (link) options.push({ kind: 'link', service, ...link });
  }
  for (const service of COPY_SERVICES) {
    const value = details[service]?.trim();
    if (value) options.push({ kind: 'copy', service, value });
  }
  const other = details.other?.trim();
  if (other) options.push({ kind: 'text', text: other });
  return options;
}

/** Whether the details hold anything at all to pay with. */
export function hasPaymentDetails(details: PaymentDetailsInput | null | undefined): boolean {
  return !!details && Object.values(details).some((value) => !!value?.trim());
}
