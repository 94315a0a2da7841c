import type { FastifyBaseLogger } from 'fastify';
import type { CurrencyStore } from './currency-store';
import { fetchEcbRates } from './ecb-feed';
import type { RateHistoryStore } from './rate-history-store';

/**
 * Refreshes the rates from an ECB-format file (daily, 90-day or full history) now and then every
 * `everyHours`: the days the history lacks are added, and the newest day becomes the global
 * rates. A failed refresh is logged and the last good rates stay. Returns a function that stops it.
 */
export function startRatesRefresh(options: {
  url: string;
  everyHours: number;
  store: CurrencyStore;
  history: RateHistoryStore;
  log: FastifyBaseLogger;
}): () => void {
  const { url, everyHours, store, history, log } = options;
  const refresh = async () => {
    try {
      const days = await fetchEcbRates(url);
      const added = await history.addDays(days, url);
      if (added > 0) log.info({ days: added }, 'rate history filled in');
      const feed = days.at(-1);
      if (!feed) return;
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
