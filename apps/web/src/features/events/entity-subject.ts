/**
 * What a change is about, in a few words, from the entity as the API shows it: "Ana → Ben" for
 * a payment, else its title or name. Shared by the activity list and live-update messages.
 */
export function entitySubject(isPayment: boolean, snapshot: unknown): string {
  const entity = (snapshot ?? {}) as Record<string, unknown>;
  if (isPayment) return `${String(entity.payer_name ?? '?')} → ${String(entity.payee_name ?? '?')}`;
  // A recurring expense keeps its title in the expense it copies.
  const copied = entity.expense as Record<string, unknown> | undefined;
  const text = entity.title ?? entity.name ?? copied?.title;
  return typeof text === 'string' ? text : '';
}
