/**
 * Whether a proposed event id can be the secret of an event's link. Length is not entropy: a
 * client may propose the id of an event it creates offline, and "aaaaaaaaaaaaaaaaaaaaaa" or a
 * sentence of 22 letters is the right length but easy to guess. A truly random id (16 random
 * bytes in base64url) is refused by these tests about once in forty million; clients that
 * generate ids draw again until one passes (`isUnguessableEventId`), so theirs never is.
 *
 * - at least 10 different characters (a random 22-character id has about 19);
 * - not all of one kind: lower-case letters, upper-case letters or digits (with - and _);
 * - no run of 8 steps to the same or a neighbouring character ("aaaaaaaaa", "abcdefghi").
 */
export function isUnguessableEventId(id: string): boolean {
  if (new Set(id).size < MIN_DISTINCT_CHARACTERS) return false;
  if (ONE_KIND.some((kind) => kind.test(id))) return false;
  return longestNeighbourRun(id) < MAX_NEIGHBOUR_STEPS;
}

const MIN_DISTINCT_CHARACTERS = 10;
const ONE_KIND = [/^[a-z_-]+$/, /^[A-Z_-]+$/, /^[0-9_-]+$/];
const MAX_NEIGHBOUR_STEPS = 8;

/** The most consecutive steps between characters whose codes differ by at most one. */
function longestNeighbourRun(id: string): number {
  let longest = 0;
  let run = 0;
  for (let index = 1; index < id.length; index++) {
    const step = Math.abs(id.charCodeAt(index) - id.charCodeAt(index - 1));
    run = step <= 1 ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}
