/**
 * Browser languages the app speaks under another code: Norwegian (`no`, Nynorsk `nn`) is read in
 * Bokmål, Hebrew's old code `iw` is `he`, and Portuguese without a region of Portugal's is
 * Brazil's, the most spoken.
 */
const ALIASES: Record<string, string> = { no: 'nb', nn: 'nb', iw: 'he', pt: 'pt-BR' };
/** Portuguese outside Brazil (Portugal, Angola, Mozambique…) is written as in Portugal. */
const PORTUGAL = 'pt-PT';

/**
 * The spec's rule for the app's language: the saved choice, else the browser's language (`en-GB`
 * speaks `en`, `pt-BR` and `pt-PT` their own, `pt-AO` `pt-PT`), else English. `available`: the
 * languages the app speaks. The app (i18n.ts), the server's render (ssr/first-screen-device.ts)
 * and the first-screen script, which fetches that language's texts before the app runs
 * (first-screen-script/), all choose by it. No imports: the first-screen script is inlined in
 * every page.
 */
export function chooseLanguage(
  saved: string | null,
  browserLanguage: string,
  available: ReadonlySet<string>,
): string {
  if (saved && available.has(saved)) return saved;
  const [first = 'en', second = ''] = browserLanguage.split('-');
  const spoken = first.toLowerCase();
  const region = second.length === 2 ? second.toUpperCase() : '';
  const candidates = [
    region ? `${spoken}-${region}` : '',
    spoken,
    spoken === 'pt' && region && region !== 'BR' ? PORTUGAL : '',
    ALIASES[spoken] ?? '',
  ];
  return candidates.find((candidate) => candidate && available.has(candidate)) ?? 'en';
}
