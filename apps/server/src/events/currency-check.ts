import type { CurrencyLookup } from '@server/currencies/currency-lookup';
import { type FieldErrors, say } from '@server/http/http-error';

/** Adds a message for `path` unless `currencyId` is in the global list. */
export function checkCurrency(
  store: CurrencyLookup,
  currencyId: string,
  path: string,
  errors: FieldErrors,
): void {
  if (!store.get(currencyId)) {
    errors[path] = [say('currency_unknown', { currency: currencyId })];
  }
}
