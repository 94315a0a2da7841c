/**
 * The European Central Bank's daily euro reference rates: parse the published XML, fetch it, and
 * turn "units per euro" into the global `rate` the API exposes (value of one unit in EUR).
 *
 * The feed lives at https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml and looks like
 *
 *   <gesmes:Envelope …><Cube><Cube time='2026-10-02'><Cube currency='USD' rate='1.1225'/>…
 *
 * with one dated `Cube` holding about thirty currencies, updated around 16:00 CET on TARGET days.
 */
import { XMLParser } from 'fast-xml-parser';

/** One day of ECB rates: `per_euro[X]` is how many units of X one euro buys on `date`. */
export interface EcbDailyRates {
  /** The reference day, YYYY-MM-DD (the `time` attribute of the dated Cube). */
  date: string;
  /** Units of each currency per 1 EUR, as published (USD 1.1225 = 1 EUR buys 1.1225 USD). */
  per_euro: Record<string, number>;
}

/** Default time allowed for the whole request, body included, in milliseconds. */
export const ECB_FETCH_TIMEOUT_MS = 10_000;

/** Largest response body accepted, in bytes; the daily file is about 1.5 kB, the history 7 MB. */
export const ECB_MAX_BODY_BYTES = 32 * 1024 * 1024;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CURRENCY = /^[A-Z]{3}$/;
/** The ECB writes plain decimals ("1.1225", "137.00"); anything else is not its file. */
const DECIMAL = /^\d+(\.\d+)?$/;

/** Parsed nodes are untyped; this narrows one to a plain object. */
function isRecord(node: unknown): node is Record<string, unknown> {
  return node !== null && typeof node === 'object' && !Array.isArray(node);
}

/** A repeated element parses to an array, a single one to an object: always give a list. */
function toList(node: unknown): unknown[] {
  if (node === undefined) return [];
  return Array.isArray(node) ? node : [node];
}

function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** Reads the currency Cubes of one dated Cube. */
function readDay(day: unknown): EcbDailyRates {
  if (!isRecord(day)) throw new Error('ECB rates: unknown structure, the dated <Cube> is empty');
  const date = day['@_time'];
  if (typeof date !== 'string') throw new Error('ECB rates: the day <Cube> has no time attribute');
  if (!isCalendarDate(date)) throw new Error(`ECB rates: "${date}" is not a YYYY-MM-DD date`);

  const perEuro: Record<string, number> = {};
  for (const entry of toList(day.Cube)) {
    if (!isRecord(entry)) throw new Error(`ECB rates: unknown structure in the ${date} <Cube>`);
    const currency = entry['@_currency'];
    const rate = entry['@_rate'];
    if (typeof currency !== 'string' || !CURRENCY.test(currency)) {
      throw new Error(`ECB rates: "${String(currency)}" is not a currency code`);
    }
    if (currency === 'EUR') throw new Error('ECB rates: EUR cannot be quoted per euro');
    if (currency in perEuro) throw new Error(`ECB rates: ${currency} appears twice`);
    if (typeof rate !== 'string' || rate.trim() === '') {
      throw new Error(`ECB rates: ${currency} has no rate`);
    }
    const value = Number(rate);
    if (!Number.isFinite(value)) {
      throw new Error(`ECB rates: ${currency} rate "${rate}" is not a number`);
    }
    if (value <= 0) throw new Error(`ECB rates: ${currency} rate ${rate} is not positive`);
    if (!DECIMAL.test(rate)) {
      throw new Error(`ECB rates: ${currency} rate "${rate}" is not a plain decimal number`);
    }
    perEuro[currency] = value;
  }
  if (Object.keys(perEuro).length === 0) throw new Error(`ECB rates: no rates for ${date}`);
  return { date, per_euro: perEuro };
}

/**
 * Reads any of the ECB's three files: eurofxref-daily.xml (one day), eurofxref-hist-90d.xml and
 * eurofxref-hist.xml (one dated Cube per working day, newest first), all shaped
 * `<gesmes:Envelope><Cube><Cube time="…"><Cube currency="…" rate="…"/>…`.
 *
 * @returns the days, oldest first
 * @throws Error saying what is wrong when the text is not well-formed XML, not shaped like the
 *   ECB's files, or has a day without a valid date, without rates, with a repeated currency or a
 *   rate that is not a positive decimal, or the same day twice
 */
export function parseEcbRatesXml(xml: string): EcbDailyRates[] {
  const parser = new XMLParser({
    ignoreAttributes: false,
    // Keep "gesmes:Envelope" and the default-namespace Cube tree under stable names.
    removeNSPrefix: true,
    parseAttributeValue: false,
    parseTagValue: false,
    // The ECB file has no entities; not expanding any shuts out entity-expansion tricks.
    processEntities: false,
  });
  let doc: unknown;
  try {
    doc = parser.parse(xml, true);
  } catch (error) {
    throw new Error(`ECB rates: not well-formed XML (${(error as Error).message})`);
  }
  const envelope = isRecord(doc) ? doc.Envelope : undefined;
  if (!isRecord(envelope)) {
    throw new Error('ECB rates: unknown structure, expected a gesmes:Envelope root element');
  }
  const outer = toList(envelope.Cube);
  if (outer.length !== 1 || !isRecord(outer[0])) {
    throw new Error('ECB rates: unknown structure, expected one <Cube> inside the envelope');
  }
  const days = toList(outer[0].Cube);
  if (days.length === 0) throw new Error('ECB rates: no dated <Cube time="…"> and no rates');
  const parsed = days.map(readDay).sort((a, b) => a.date.localeCompare(b.date));
  parsed.forEach((day, index) => {
    if (index > 0 && parsed[index - 1]?.date === day.date) {
      throw new Error(`ECB rates: ${day.date} appears twice`);
    }
  });
  return parsed;
}

/**
 * Reads an ECB eurofxref-daily.xml document: as `parseEcbRatesXml`, refusing a file of more than
 * one day (a 90-day or full history file).
 */
export function parseEcbDailyXml(xml: string): EcbDailyRates {
  const days = parseEcbRatesXml(xml);
  if (days.length > 1) {
    throw new Error(`ECB rates: expected one day, found ${days.length} (is this a history file?)`);
  }
  return days[0] as EcbDailyRates;
}

/**
 * Turns ECB "units per euro" into the global rate: the value of ONE unit of each currency in EUR
 * (1 / per_euro; USD 1.1225 per euro gives 1 USD = 0.890869… EUR), with EUR itself at exactly 1.
 * Throws on a rate that is not a positive finite number, since its inverse would be meaningless.
 */
export function globalRatesFromPerEuro(
  perEuro: Readonly<Record<string, number>>,
): Map<string, number> {
  const rates = new Map<string, number>([['EUR', 1]]);
  for (const [currency, units] of Object.entries(perEuro)) {
    if (!Number.isFinite(units) || units <= 0) {
      throw new Error(`ECB rates: ${currency} rate ${units} is not a positive number`);
    }
    if (currency === 'EUR') {
      if (units !== 1) throw new Error(`ECB rates: EUR must be 1 per euro, got ${units}`);
      continue;
    }
    rates.set(currency, 1 / units);
  }
  return rates;
}

/** Options of `fetchEcbRates`. */
export interface FetchEcbRatesOptions {
  /** Time allowed for the whole request, body included, in milliseconds (default 10 000). */
  timeoutMs?: number;
  /** Stand-in for the global fetch, for tests or a proxying client. */
  fetchImpl?: typeof fetch;
}

/** Reads a response body as UTF-8, giving up as soon as it grows past `limit` bytes. */
async function readLimitedText(response: Response, limit: number, url: string): Promise<string> {
  const tooLarge = () => new Error(`ECB rates: response from ${url} is larger than ${limit} bytes`);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder('utf-8').decode(body);
}

/**
 * Downloads and parses the ECB file at `url` (daily, 90-day or full history), days oldest first.
 *
 * Rejects with an Error when the server does not answer within `timeoutMs` (body included), answers
 * with a non-2xx status (the message names it), sends more than 32 MB, or sends something
 * `parseEcbRatesXml` refuses.
 */
export async function fetchEcbRates(
  url: string,
  options: FetchEcbRatesOptions = {},
): Promise<EcbDailyRates[]> {
  const timeoutMs = options.timeoutMs ?? ECB_FETCH_TIMEOUT_MS;
  const fetchImpl = options.fetchImpl ?? fetch;
  const signal = AbortSignal.timeout(timeoutMs);
  let text: string;
  try {
    const response = await fetchImpl(url, {
      signal,
      headers: { accept: 'application/xml, text/xml' },
      redirect: 'follow',
    });
    if (!response.ok) {
      await response.body?.cancel();
      const reason = response.statusText ? ` ${response.statusText}` : '';
      throw new Error(`ECB rates: ${url} answered HTTP ${response.status}${reason}`);
    }
    text = await readLimitedText(response, ECB_MAX_BODY_BYTES, url);
  } catch (error) {
    if (signal.aborted) {
      throw new Error(`ECB rates: ${url} did not answer within ${timeoutMs} ms`, { cause: error });
    }
    if (error instanceof Error && error.message.startsWith('ECB rates:')) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(`ECB rates: could not fetch ${url} (${detail})`, { cause: error });
  }
  return parseEcbRatesXml(text);
}
