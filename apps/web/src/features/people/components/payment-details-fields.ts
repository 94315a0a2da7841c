import { PAYMENT_DETAIL_FIELDS, type PaymentDetails } from '@quits/contract';
import { isBic, isIban, normaliseBic, normaliseIban } from '@quits/domain';

/** The form's fields, in the order shown; each is a text the person types. */
export const DETAIL_FIELDS = PAYMENT_DETAIL_FIELDS;
export type DetailField = (typeof DETAIL_FIELDS)[number];
export type DetailDraft = Record<DetailField, string>;

/** The draft a form starts from: the stored details, every missing field empty. */
export function draftOf(details: PaymentDetails | undefined): DetailDraft {
  return Object.fromEntries(
    DETAIL_FIELDS.map((field) => [field, details?.[field] ?? '']),
  ) as DetailDraft;
}

/** What the server will refuse, found before sending: a mistyped IBAN, a BIC of the wrong shape. */
export function draftProblems(draft: DetailDraft): Partial<Record<DetailField, 'iban' | 'bic'>> {
  const problems: Partial<Record<DetailField, 'iban' | 'bic'>> = {};
  if (draft.iban.trim() && !isIban(draft.iban)) problems.iban = 'iban';
  if (draft.bic.trim() && !isBic(draft.bic)) problems.bic = 'bic';
  return problems;
}

/** The draft as the API takes it: trimmed, the IBAN and BIC in their stored form. */
export function detailsOfDraft(draft: DetailDraft): PaymentDetails {
  const details: PaymentDetails = {};
  for (const field of DETAIL_FIELDS) {
    const value = draft[field].trim();
    if (!value) continue;
    details[field] =
      field === 'iban' ? normaliseIban(value) : field === 'bic' ? normaliseBic(value) : value;
  }
  return details;
}
