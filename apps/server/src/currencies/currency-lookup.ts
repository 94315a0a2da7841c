import type { CurrencyInfo } from '@quits/domain';

/**
 * What planning an import or making a statement reads of the global currency list: each
 * currency's digits and rate, by id. The CurrencyStore is one; a worker thread builds one from
 * the list it was sent (`currencyLookup`).
 */
export interface CurrencyLookup {
  get(id: string): CurrencyInfo | undefined;
  infos(): readonly CurrencyInfo[];
}

export function currencyLookup(infos: readonly CurrencyInfo[]): CurrencyLookup {
  const byId = new Map(infos.map((info) => [info.id, info]));
  return { get: (id) => byId.get(id), infos: () => infos };
}
