/**
 * A dated copy of the European Central Bank's euro foreign exchange reference rates, so a server
 * without network access (tests, first boot, an ECB outage) still has real rates to start from.
 *
 * Units: `per_euro[X]` is how many units of X one euro buys, exactly as the ECB publishes it
 * (USD 1.1225 means 1 EUR = 1.1225 USD); only trailing zeros differ (the ECB's CZK 24.470 is
 * written 24.47 here, as the formatter wants). Turn it into "value of one unit in EUR" with
 * `globalRatesFromPerEuro` in `ecb-feed.ts`.
 *
 * Provenance: the ECB's eurofxref-daily.xml for 2026-10-02 (29 currencies; no BGN, since Bulgaria
 * adopted the euro on 2026-01-01). The file itself is kept verbatim as
 * `apps/server/test/currencies/fixtures/eurofxref-daily.xml`; a test checks that parsing it gives
 * these numbers.
 */
export const RATES_SNAPSHOT = {
  date: '2026-10-02',
  source: 'European Central Bank, euro foreign exchange reference rates (eurofxref-daily.xml)',
  per_euro: {
    USD: 1.1225,
    JPY: 176.99,
    CZK: 24.47,
    DKK: 7.4736,
    GBP: 0.85033,
    HUF: 369.18,
    PLN: 4.3775,
    RON: 5.3488,
    SEK: 11.29,
    CHF: 0.9279,
    ISK: 137.0,
    NOK: 10.8315,
    TRY: 55.165,
    AUD: 1.6176,
    BRL: 5.861,
    CAD: 1.5984,
    CNY: 7.5259,
    HKD: 8.8084,
    IDR: 20149.32,
    ILS: 3.4408,
    INR: 108.1245,
    KRW: 1513.44,
    MXN: 20.5806,
    MYR: 4.5849,
    NZD: 2.0002,
    PHP: 70.265,
    SGD: 1.4366,
    THB: 37.71,
    ZAR: 18.7839,
  },
} as const;
