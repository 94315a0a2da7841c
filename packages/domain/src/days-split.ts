import { daysPresent, type PresencePeriod } from './presence';
import { type SplitResult, splitAmount } from './split';

export interface DaysSplitInput {
  /** The total in minor units (negative for a refund). */
  amount: number;
  /** The stretch the expense covers, both ends counted: rent for March is 03-01 to 03-31. */
  from: string;
  to: string;
  /** Each person once, with their presence (none = always) and share weight (default 1). */
  people: readonly { id: string; presence: readonly PresencePeriod[]; weight?: number }[];
  /** The expense id: it decides ties, as in `splitAmount`. */
  tieKey: string;
}

export interface DaysSplit {
  result: SplitResult;
  /** Each person's days present in the stretch, for the form to show beside the amount. */
  days: Map<string, number>;
}

/**
 * Splits an amount by days present: each person's weight is their days there in `from`–`to`
 * times their share weight, through the one split function, so shares sum to the amount exactly
 * and someone there on no day pays nothing.
 *
 * @throws RangeError when a date is not a real `YYYY-MM-DD` date or the amount is not integral
 */
export function splitByDaysPresent(input: DaysSplitInput): DaysSplit {
  const days = new Map<string, number>();
  const people = input.people.map((person) => {
    const count = daysPresent(person.presence, input.from, input.to);
    days.set(person.id, count);
    return { id: person.id, weight: count * (person.weight ?? 1) };
  });
  const result = splitAmount({
    amount: input.amount,
    mode: 'shares',
    people,
    tieKey: input.tieKey,
  });
  return { result, days };
}
