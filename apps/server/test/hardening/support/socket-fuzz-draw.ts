/** Draws for the socket fuzz, from a seeded generator (`seeded-random.ts`). */
export type Random = () => number;

export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;
export const between = (random: Random, low: number, high: number) =>
  low + Math.floor(random() * (high - low + 1));
export const bytes = (random: Random, length: number) =>
  Buffer.from(Array.from({ length }, () => Math.floor(random() * 256)));

/** `%` followed by anything, the escapes `decodeURIComponent` throws on among them. */
export function percentGarbage(random: Random): string {
  return Array.from({ length: between(random, 1, 6) }, () =>
    pick(random, [
      '%E0%A4%A',
      '%',
      '%Z',
      '%C3',
      '%FF',
      '%00',
      '%2F',
      '%25',
      'é',
      '%u1234',
      '[',
      ']',
    ]),
  ).join('');
}
