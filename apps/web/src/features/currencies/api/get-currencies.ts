import type { Currency, CurrencyList } from '@quits/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/http';
import { readStored, STORAGE_KEYS, writeStored } from '@web/lib/storage';

const isCurrencyList = (value: unknown): value is Currency[] =>
  Array.isArray(value) && value.every((item) => typeof item?.id === 'string');

/** GET /currencies, cached under the spec's key; a failed load falls back to the cache (§8). */
async function getCurrencies(signal?: AbortSignal): Promise<Currency[]> {
  try {
    const list = await apiRequest<CurrencyList>('/currencies', { signal });
    writeStored(STORAGE_KEYS.currencies, list.data);
    return list.data;
  } catch (error) {
    const cached = readStored(STORAGE_KEYS.currencies, isCurrencyList);
    if (cached) return cached;
    throw error;
  }
}

export const currenciesQuery = () =>
  queryOptions({
    queryKey: ['currencies'],
    queryFn: ({ signal }) => getCurrencies(signal),
    staleTime: 60 * 60 * 1000,
  });
