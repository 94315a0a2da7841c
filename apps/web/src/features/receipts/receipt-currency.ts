import type { ReceiptAnalysis } from '@quits/contract';

/** Below this the currency read is shown as one to check. */
export const CURRENCY_SURE = 0.7;

/** Whether the person should be asked to check the currency read. */
export function currencyIsUnsure(analysis: Pick<ReceiptAnalysis, 'currency_confidence'>): boolean {
  return (analysis.currency_confidence ?? 1) < CURRENCY_SURE;
}

/**
 * The analysis in another currency chosen by the person: the amounts keep the digits printed
 * on the receipt ("14.10" stays 14.10, only its currency changes), so they are converted from
 * the minor units of the currency read to those of the chosen one (14.10 in a currency without
 * minor units is 14). The choice is the person's, so it is sure.
 */
export function withCurrency(
  analysis: ReceiptAnalysis,
  currencyId: string,
  decimalsOf: (currencyId: string) => number,
): ReceiptAnalysis {
  if (currencyId === analysis.currency_id) return analysis;
  const shift = decimalsOf(currencyId) - decimalsOf(analysis.currency_id);
  const convert = (minor: number) =>
    shift >= 0 ? minor * 10 ** shift : Math.round(minor / 10 ** -shift);
  return {
    ...analysis,
    currency_id: currencyId,
    currency_confidence: 1,
    total: analysis.total === null ? null : convert(analysis.total),
    items: analysis.items.map((item) => ({ ...item, amount: convert(item.amount) })),
  };
}

/** The outline as SVG polygon points in a 1 × 1 box. */
export function outlinePoints(outline: NonNullable<ReceiptAnalysis['outline']>): string {
  return outline.map((point) => `${point.x},${point.y}`).join(' ');
}
