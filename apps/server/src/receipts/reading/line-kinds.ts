import { respellKeywords } from './keyword-spelling';
import { foldLine } from './text-lines';

/**
 * What a receipt line is about, from its words, in the languages receipts are commonly printed
 * in (English, Malay, German, French, Spanish, Italian, Vietnamese…). Patterns match folded
 * text (lower case, no accents, see `foldLine`).
 *
 * - `grand-total`: the amount to pay, said unambiguously (grand total, amount due, nett total,
 *   rounded total, zu zahlen, net à payer, tổng thanh toán…).
 * - `total`: a bare "total"/"amount"/"summe", usually the amount to pay.
 * - `subtotal`, `tax`, `rounding`, `discount`: the parts a total is made of.
 * - `tendered`, `change`: what the customer handed over and got back (never the total).
 * - `count`: a number of items, not money.
 */
export type LineKind =
  | 'grand-total'
  | 'total'
  | 'subtotal'
  | 'tax'
  | 'rounding'
  | 'discount'
  | 'tendered'
  | 'change'
  | 'count'
  | 'other';

const COUNT =
  /\b(total\s*(qty|quantity|items?|pcs|units?|no\.? of items?)|(no\.?|number) of (items?|pieces)|item\s*count|qty\s*total|anzahl|nb\.? d'?articles|articulos|so luong|bilangan)\b/;

const SUBTOTAL =
  /\b(sub[\s\-.]*(to?ta?l|ttl)|s\/total|total\s*(before|excl\w*|exc\b|ex\.?\s*(gst|tax|vat))|zwischensumme|sous[\s-]*total|total\s*h\.?t\b|base imponible|subtotale|imponibile|tam tinh|cong tien hang|tien hang|jumlah kecil|amount\s*before|\b(excl\w*|exclusive|exc|before|ex|without|ohne|hors|sin)\b\W*(of\s*)?(gst|sst|tax|vat|mwst|tva|iva))/;

const TAX_WORD = '(gst|sst|vat|tax|mwst|ust|tva|iva|igv|thue|ppn)';

const INCLUSIVE_TOTAL = new RegExp(
  String.raw`\btotal\b.*\b(incl?\w*|inc\.?|with|ttc)\b.*\b${TAX_WORD}\b|\btotal\s*ttc\b|\btotal\s*\(?incl`,
);

const TAX_TOTAL = new RegExp(String.raw`\btotal\s*${TAX_WORD}\b|\b${TAX_WORD}\s*total\b`);

const ROUNDED_TOTAL =
  /\b(rounded\s*total|total\s*(after\s*)?round(ed|ing)?(?!\s*adj)|total\s*\(?rounded|nett?\s*total\s*round\w*)\b/;

const ROUNDING =
  /\b(round\w*|rnd\s*adj|adj(ustment)?|pembundaran|arrondi\w*|rundung\w*|redondeo|arrotondamento)\b/;

const GRAND_TOTAL =
  /\b(grand\s*total|g\.?\s*total|total\s*(amount|amt|due|payable|to pay|sales|sale|rm|myr|eur|usd|gbp|chf|vnd|sgd|aud|invoice)|amount\s*(due|payable|to pay)|amt\s*due|balance\s*(due|to pay)|total\s*nett?|nett?\s*(total|amount|amt|payable)|please pay|to pay|jumlah(\s*besar|\s*bayaran)?|zu zahlen|gesamt(betrag|summe)?|endbetrag|summe\s*eur|net a payer|a payer|montant\s*(ttc|total|a payer)|total\s*a\s*pagar|importe\s*total|total\s*a\s*pagar|totale(\s*complessivo|\s*euro)?|da pagare|tong\s*(cong|tien|thanh toan|so tien)|thanh toan|khach (phai|can) tra|can thanh toan)|合计|合計|総計|总计|應付|应付/;

const TENDERED =
  /\b(cash|tender\w*|paid|payment|received|visa|master\s*card|mastercard|amex|credit|debit|card|eftpos|e-?wallet|boost|grab\s*pay|touch\s*n\s*go|tng|tunai|kad|bar(geld)?|gegeben|ec[\s-]*karte|girocard|especes|carte\s*(bancaire|bleue|cb)?|cb\b|efectivo|tarjeta|entregado|pagato|contanti|tien mat|khach dua|tien khach dua|chuyen khoan)\b/;

const CHANGE =
  /\b(change|chg|due back|ruckgeld|wechselgeld|zuruck|rendu|monnaie|a rendre|cambio|vuelto|devuelto|resto|tien thua|tra lai|tien tra lai|baki|balance)\b/;

const TAX = new RegExp(
  String.raw`\b(${TAX_WORD}|service\s*(charge|chg|tax)|svc\s*(charge|chg)?|srv\s*chg|s\.?\s*charge|cukai|steuer|taxe|impuesto|imposta)\b|\b\d{1,2}([.,]\d+)?\s*%`,
);

const DISCOUNT =
  /\b(discount|disc\b|savings?|you saved|voucher|coupon|promo|rabatt|remise|reduction|descuento|sconto|giam gia|khuyen mai|potongan|diskaun)\b/;

const TOTAL = /\b(total|ttl|tot|amount|amt|sum|summe|betrag|montant|importe|totale|tong|jumlah)\b/;

/** The kind of a line, from its words alone (the amounts on it are not looked at). */
export function lineKind(line: string): LineKind {
  const folded = respellKeywords(foldLine(line));
  if (COUNT.test(folded)) return 'count';
  if (SUBTOTAL.test(folded)) return 'subtotal';
  if (INCLUSIVE_TOTAL.test(folded)) return 'grand-total';
  if (TAX_TOTAL.test(folded)) return 'tax';
  if (ROUNDED_TOTAL.test(folded)) return 'grand-total';
  if (ROUNDING.test(folded)) return 'rounding';
  if (/\bbalance\s*(due|to pay)\b/.test(folded)) return 'grand-total';
  if (CHANGE.test(folded)) return 'change';
  if (GRAND_TOTAL.test(folded)) return 'grand-total';
  if (TENDERED.test(folded)) return 'tendered';
  if (DISCOUNT.test(folded)) return 'discount';
  if (TAX.test(folded)) return 'tax';
  if (TOTAL.test(folded)) return 'total';
  return 'other';
}
