import type { FastifyBaseLogger } from 'fastify';
import type { CurrencyStore } from './currency-store';
import { fetchEcbRates } from './ecb-feed';

/**
 * Refreshes the global rates from an ECB-format daily file now and then every `everyHours`.
 * A failed refresh is logged and the last good rates stay. Returns a function that stops it.
 */
export function startRatesRefresh(options: {
  url: string;
  everyHours: number;
  store: CurrencyStore;
  log: FastifyBaseLogger;
}): () => void {
  const { url, everyHours, store, log } = options;
  const refresh = async () => {
    try {
      const feed = await fetchEcbRates(url);
      if (store.ratesDate !== null && feed.date < store.ratesDate) {
        log.warn({ date: feed.date }, 'rates feed is older than the rates we have; kept ours');
        return;
      }
      await store.applyRates({ ...feed, source: url });
      log.info(
        { date: feed.date, currencies: Object.keys(feed.per_euro).length },
        'rates refreshed',
      );
    } catch (error) {
      log.warn({ err: error }, 'rates refresh failed; the last good rates stay');
    }
  };
  void refresh();
  const timer = setInterval(refresh, everyHours * 3_600_000);
  timer.unref();
  return () => clearInterval(timer);
}
