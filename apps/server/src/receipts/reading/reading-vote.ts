import { merchantClarity } from './merchant-finder';
import type { ReceiptReading } from './receipt-types';

/**
 * One answer from several readings of the same receipt (different image treatments). Readings
 * that agree on the total back each other up: if each alone is right with chance c₁, c₂…, the
 * chance that all of them are wrong the same way is taken as (1 − c₁)(1 − c₂)…, which the
 * benchmark found about right. The date is the one most readings found.
 */
export function voteReadings(readings: ReceiptReading[]): ReceiptReading {
  const first = readings[0];
  if (!first) throw new Error('voteReadings needs at least one reading');

  const totals = new Map<string, { doubt: number; best: ReceiptReading }>();
  for (const reading of readings) {
    if (reading.total === null) continue;
    const known = totals.get(reading.total);
    if (!known) {
      totals.set(reading.total, { doubt: 1 - reading.confidence, best: reading });
      continue;
    }
    known.doubt *= 1 - reading.confidence;
    if (reading.confidence > known.best.confidence) known.best = reading;
  }
  const [winner] = [...totals.values()].sort((a, b) => a.doubt - b.doubt);
  const chosen = winner?.best ?? first;
  const confidence = winner ? Math.round((1 - winner.doubt) * 100) / 100 : 0;

  return {
    ...chosen,
    confidence: Math.min(0.99, confidence),
    date: mostFound(
      readings.map((reading) => reading.date),
      chosen.date,
    ),
    merchant: clearestMerchant(readings, chosen.merchant),
  };
}

/** The value found most often (ties go to `preferred`, then to the earliest). */
function mostFound(values: (string | null)[], preferred: string | null): string | null {
  const counts = new Map<string, number>();
  for (const value of values) if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | null = null;
  let bestCount = 0;
  for (const [value, count] of counts) {
    const wins = count > bestCount || (count === bestCount && value === preferred);
    if (wins) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

/** The merchant the passes found most clearly (a legal form, then a business word); ties keep `preferred`. */
function clearestMerchant(readings: ReceiptReading[], preferred: string | null): string | null {
  let best = preferred;
  for (const reading of readings) {
    if (merchantClarity(reading.merchant) > merchantClarity(best)) best = reading.merchant;
  }
  return best;
}
