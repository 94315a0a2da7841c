/** The theme colour of a balance: green when owed money, red when owing, grey when settled. */
export function balanceColor(balance: number): string {
  if (balance > 0) return 'success.main';
  if (balance < 0) return 'error.main';
  return 'text.secondary';
}
